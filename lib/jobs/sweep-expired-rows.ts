import type { Database } from '@/db/client';
import { logger } from '@/lib/logger';

/** Operators' usage logs are kept this long (DESIGN: "Kept 30 days"). */
export const USAGE_LOG_RETENTION_DAYS = 30;

/** Rows touched per statement: a large backlog is worked off in short statements, never one long lock. */
const SWEEP_BATCH_SIZE = 5000;

type Sweep = { table: string; key: string; where: string; set?: string };

// Idempotency records live 24 h; rate-limit counters are dead once their window has passed (kept an
// hour for the longest window, the 15-minute sign-in limit). Without this both tables grow forever.
// Claim codes are kept a week past expiry (their status stays answerable), then deleted. A cold-start
// claim nobody completed keeps its row (polls answer `expired`), but a day after expiry its sealed key is
// erased: the key is parked and can never be activated, so there is no reason to keep it even encrypted.
// A session that expired or was revoked is refused at once; its row stays a day (who signed out, from
// where) and then goes. Usage logs are kept USAGE_LOG_RETENTION_DAYS. A day's claim-link email counts
// (send-claim-link.ts) matter only that UTC day; they go two days later (by `ctid`: their key is two columns).
const SWEEPS = {
  idempotencyKeys: { table: 'idempotency_keys', key: 'scope', where: `created_at < now() - interval '24 hours'` },
  rateLimitCounters: {
    table: 'rate_limit_counters',
    key: 'bucket',
    where: 'window_start < extract(epoch from now())::bigint - 3600',
  },
  claimCodes: { table: 'agent_claim_codes', key: 'code', where: `expires_at < now() - interval '7 days'` },
  unclaimedSealedKeys: {
    table: 'task_claims',
    key: 'id',
    set: 'sealed_key = null',
    where: `claimed_at is null and sealed_key is not null and expires_at < now() - interval '1 day'`,
  },
  sessions: {
    table: 'sessions',
    key: 'id',
    where: `expires_at < now() - interval '1 day' or revoked_at < now() - interval '1 day'`,
  },
  usageLog: {
    table: 'api_request_log',
    key: 'id',
    where: `created_at < now() - interval '${USAGE_LOG_RETENTION_DAYS} days'`,
  },
  claimLinkEmailCounts: {
    table: 'claim_link_email_counts',
    key: 'ctid',
    where: `day < (now() at time zone 'utc')::date - 1`,
  },
} satisfies Record<string, Sweep>;

export type SweepCounts = Record<keyof typeof SWEEPS, number>;

// SKIP LOCKED: instances sweeping at the same moment split the rows instead of queueing on each other's.
function batchSql({ table, key, where, set }: Sweep): string {
  const batch = `select ${key} from ${table} where (${where}) limit $1 for update skip locked`;
  const change = set
    ? `update ${table} set ${set} where ${key} in (${batch})`
    : `delete from ${table} where ${key} in (${batch})`;
  return `with swept as (${change} returning 1) select count(*)::int as n from swept`;
}

/** Deletes (or, for sealed keys, erases) what has outlived its use; returns the rows swept per kind. */
export async function sweepExpiredRows(database: Database, batchSize = SWEEP_BATCH_SIZE): Promise<SweepCounts> {
  const counts = {} as SweepCounts;
  for (const [name, sweep] of Object.entries(SWEEPS) as [keyof typeof SWEEPS, Sweep][]) {
    const text = batchSql(sweep);
    let total = 0;
    let swept: number;
    do {
      const [row] = await database.query<{ n: number }>(`sweep_${name}`, text, [batchSize]);
      swept = row?.n ?? 0;
      total += swept;
    } while (swept === batchSize);
    counts[name] = total;
  }
  return counts;
}

/** One run of the periodic job: one log line with the counts, or the error. Never throws. */
export async function runExpiredRowsSweep(database: Database): Promise<void> {
  const started = performance.now();
  try {
    const swept = await sweepExpiredRows(database);
    logger.info('swept expired rows', { swept, durationMs: Math.round(performance.now() - started) });
  } catch (error) {
    logger.error('sweeping expired rows failed', { error });
  }
}
