import type { Database } from '@/db/client';

/** Counting stops here: past it the exact figure matters less than a cheap scrape. */
export const BACKLOG_COUNT_CAP = 10_000;

// Both read the partial index webhook_deliveries_due_idx (pending rows only): a bounded count, and the first due
// attempt in its order, whose age is how far the dispatchers are behind (a claim moves the attempt out by its lease).
const BACKLOG_SQL = `
select (select count(*) from (select 1 from webhook_deliveries where status = 'pending' limit $1) p)::int as pending,
  coalesce(extract(epoch from now() - (
    select next_attempt_at from webhook_deliveries where status = 'pending' and next_attempt_at <= now()
    order by next_attempt_at limit 1)), 0
  )::float8 as oldest_due_seconds`;

export type OutboxBacklog = { pending: number; oldestDueSeconds: number };

/** The webhook deliveries not yet sent (up to BACKLOG_COUNT_CAP), and how long the oldest due one has waited. */
export async function outboxBacklog(database: Database): Promise<OutboxBacklog> {
  const [row] = await database.query<{ pending: number; oldest_due_seconds: number }>(
    'metrics_outbox_backlog',
    BACKLOG_SQL,
    [BACKLOG_COUNT_CAP],
  );
  return { pending: Number(row?.pending ?? 0), oldestDueSeconds: Number(row?.oldest_due_seconds ?? 0) };
}
