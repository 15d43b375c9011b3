import type { Database } from '@/db/client';

export type RateCount = { count: number; windowStart: number; windowSeconds: number };

/**
 * Fixed-window counter in one upsert: a bucket's row holds its current window and count, restarting
 * when the window rolls over. The window comes from the database clock so every instance agrees.
 * `source` is a FROM clause yielding `bucket` and `hits` columns, so one statement can count many
 * buckets (each bucket at most once per statement, as ON CONFLICT requires). The rows are inserted, and so
 * locked, in bucket order: two statements counting overlapping buckets in different orders would deadlock.
 */
export function countSql(source: string, windowParam: string): string {
  return `insert into rate_limit_counters as c (bucket, window_start, count)
    select bucket, floor(extract(epoch from now()) / ${windowParam}::int)::bigint * ${windowParam}::int, hits
    from ${source}
    order by bucket
    on conflict (bucket) do update set
      count = case when c.window_start = excluded.window_start then c.count + excluded.count else excluded.count end,
      window_start = excluded.window_start
    returning c.bucket, c.count, c.window_start`;
}

const COUNT_BUCKET_SQL = countSql('(select $1::text as bucket, 1 as hits) as hit', '$2');

/** Counts one hit against `bucket` and returns the count in the current window. */
export async function countHit(database: Database, bucket: string, windowSeconds = 60): Promise<RateCount> {
  const [row] = await database.query<{ count: number; window_start: string }>('rate_count', COUNT_BUCKET_SQL, [
    bucket,
    windowSeconds,
  ]);
  return { count: Number(row?.count ?? 1), windowStart: Number(row?.window_start ?? 0), windowSeconds };
}

/** Seconds until the window of `rate` rolls over (at least 1): what `Retry-After` says. */
export function secondsUntilReset(rate: RateCount): number {
  return Math.max(1, rate.windowStart + rate.windowSeconds - Math.floor(Date.now() / 1000));
}
