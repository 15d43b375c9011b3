import type { Database } from '@/db/client';

// Idempotency records live 24 h; rate-limit counters are dead once their window has passed (kept an
// hour for the longest window, the 15-minute sign-in limit). Without this both tables grow forever.
const SWEEPS = [
  ['sweep_idempotency', `delete from idempotency_keys where created_at < now() - interval '24 hours'`],
  [
    'sweep_rate_counters',
    `delete from rate_limit_counters where window_start < extract(epoch from now())::bigint - 3600`,
  ],
] as const;

export async function sweepExpiredRows(database: Database): Promise<void> {
  for (const [name, text] of SWEEPS) await database.query(name, text, []);
}
