import type { Database } from '@/db/client';

// Idempotency records live 24 h; rate-limit counters are dead once their window has passed (kept an
// hour for the longest window, the 15-minute sign-in limit). Without this both tables grow forever.
// Claim codes are kept a week past expiry (their status stays answerable), then deleted. A cold-start
// claim nobody completed keeps its row (polls answer `expired`), but a day after expiry its sealed key is
// erased: the key is parked and can never be activated, so there is no reason to keep it even encrypted.
const SWEEPS = [
  ['sweep_idempotency', `delete from idempotency_keys where created_at < now() - interval '24 hours'`],
  [
    'sweep_rate_counters',
    `delete from rate_limit_counters where window_start < extract(epoch from now())::bigint - 3600`,
  ],
  ['sweep_claim_codes', `delete from agent_claim_codes where expires_at < now() - interval '7 days'`],
  [
    'sweep_unclaimed_keys',
    `update agent_claims set sealed_key = null
      where claimed_at is null and sealed_key is not null and expires_at < now() - interval '1 day'`,
  ],
] as const;

export async function sweepExpiredRows(database: Database): Promise<void> {
  for (const [name, text] of SWEEPS) await database.query(name, text, []);
}
