import type { Database } from '@/db/client';

export type RateCount = { count: number; windowStart: number; windowSeconds: number };

/**
 * Fixed-window counter in one upsert: a bucket's row holds its current window and count, restarting
 * at 1 when the window rolls over. The window comes from the database clock so every instance agrees.
 * `from` lets a caller count only when a CTE (say, a valid credential) produced a row.
 */
export function countSql(bucket: string, windowParam: string, from?: string): string {
  return `insert into rate_limit_counters as c (bucket, window_start, count)
    select ${bucket}, floor(extract(epoch from now()) / ${windowParam}::int)::bigint * ${windowParam}::int, 1
    ${from ? `from ${from}` : ''}
    on conflict (bucket) do update set
      count = case when c.window_start = excluded.window_start then c.count + 1 else 1 end,
      window_start = excluded.window_start
    returning c.count, c.window_start`;
}

const COUNT_BUCKET_SQL = countSql('$1::text', '$2');

/** Counts one hit against `bucket` and returns the count in the current window. */
export async function countHit(database: Database, bucket: string, windowSeconds = 60): Promise<RateCount> {
  const [row] = await database.query<{ count: number; window_start: string }>('rate_count', COUNT_BUCKET_SQL, [
    bucket,
    windowSeconds,
  ]);
  return { count: Number(row?.count ?? 1), windowStart: Number(row?.window_start ?? 0), windowSeconds };
}
