import type { Database } from '@/db/client';
import { logger } from '@/lib/logger';

export type UsageEntry = {
  apiKeyId: string;
  userId: string;
  method: string;
  route: string;
  status: number;
  latencyMs: number;
  ip: string;
  at: Date;
};

// Buffered and written in batches, off the request's critical path; a crash loses at most the last flush interval
// of analytics, and nothing that decides a request depends on this log.
export const FLUSH_INTERVAL_MS = 1000;
export const MAX_BATCH = 500;

type State = {
  buffer: UsageEntry[];
  timer?: NodeJS.Timeout;
  flushing?: Promise<void>;
  database?: () => Promise<Database>;
};
const holder = globalThis as { __legworkUsage?: State };
holder.__legworkUsage ??= { buffer: [] };
const state = holder.__legworkUsage;

export function recordUsage(database: () => Promise<Database>, entry: UsageEntry): void {
  state.database = database;
  state.buffer.push(entry);
  // Written once the current burst of answers is out, so 5,000 woken long polls spend no time serialising their log.
  if (state.buffer.length === MAX_BATCH) setImmediate(() => void flushUsageLog());
  else if (!state.timer) {
    state.timer = setTimeout(() => void flushUsageLog(), FLUSH_INTERVAL_MS);
    state.timer.unref();
  }
}

export async function flushUsageLog(): Promise<void> {
  if (state.timer) clearTimeout(state.timer);
  state.timer = undefined;
  await state.flushing;
  const batch = state.buffer.splice(0, state.buffer.length);
  if (batch.length === 0 || !state.database) return;
  state.flushing = writeBatch(await state.database(), batch).catch((error) =>
    logger.error('usage log flush failed', { error, dropped: batch.length }),
  );
  await state.flushing;
}

// Column arrays + unnest: one fixed statement (prepared once per connection) whatever the batch size.
const INSERT_SQL = `insert into api_request_log (api_key_id, user_id, method, route, status, latency_ms, ip, created_at)
  select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::smallint[], $6::int[], $7::inet[], $8::timestamptz[])`;

// The keys' rows are locked in id order first (LockRows sits above the sort), so two instances flushing batches
// that share keys wait for each other instead of deadlocking.
const LAST_USED_SQL = `with v as (select id, max(at) as at from unnest($1::uuid[], $2::timestamptz[]) as u(id, at) group by id),
  locked as (select k.id from api_keys k join v on v.id = k.id order by k.id for no key update of k)
  update api_keys k set last_used_at = greatest(k.last_used_at, v.at)
  from v join locked on locked.id = v.id where k.id = v.id`;

export async function markKeysUsed(database: Database, entries: Pick<UsageEntry, 'apiKeyId' | 'at'>[]): Promise<void> {
  await database.query('usage_last_used', LAST_USED_SQL, [
    entries.map((entry) => entry.apiKeyId),
    entries.map((entry) => entry.at),
  ]);
}

async function writeBatch(database: Database, batch: UsageEntry[]): Promise<void> {
  const column = <K extends keyof UsageEntry>(key: K) => batch.map((entry) => entry[key]);
  const ips = batch.map((entry) => (entry.ip === '0.0.0.0' ? null : entry.ip));
  await database.query('usage_insert', INSERT_SQL, [
    column('apiKeyId'),
    column('userId'),
    column('method'),
    column('route'),
    column('status'),
    column('latencyMs'),
    ips,
    column('at'),
  ]);
  await markKeysUsed(database, batch);
}

export function usageLogBacklog(): { pending: number; oldestAt: Date | undefined } {
  return { pending: state.buffer.length, oldestAt: state.buffer[0]?.at };
}
