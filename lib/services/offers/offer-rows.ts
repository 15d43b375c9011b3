import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { execute } from '@/db/execute';
import type { OfferStatus } from '@/db/schema';

// The ranking (docs/tasks.md "Offers"): rating, closeness and price, weights summing to 1.
export const RATING_WEIGHT = 0.5;
export const CLOSENESS_WEIGHT = 0.3;
export const PRICE_WEIGHT = 0.2;
/** An unreviewed worker counts as rated 3 of 5. */
export const UNRATED = 3;
/** Closeness falls to 0 at this distance; 0.5 when the task or the worker has no location. */
export const CLOSENESS_RANGE_METERS = 50_000;
const UNLOCATED_CLOSENESS = 0.5;

export type OfferRow = {
  id: string;
  task_id: string;
  worker_id: string;
  price_cents: number;
  proposed_time: Date | string | null;
  message: string | null;
  status: OfferStatus;
  expires_at: Date | string;
  created_at: Date | string;
  display_name: string | null;
  average_rating: string | null;
  rating_count: number | null;
  distance_meters: number | null;
  score: number;
};

export type OfferRowsOptions = { taskId: string; limit: number; offerId?: string };

// One statement on task_offers_task_status_idx (the task's offers), each joined to its worker's profile by its
// unique user key: the live (pending, unexpired) ones first by score, then the rest newest first.
export function offerRows(db: Executor, { taskId, limit, offerId }: OfferRowsOptions) {
  return execute<OfferRow>(
    db,
    sql`
    select s.* from (
      select c.*,
        ${RATING_WEIGHT}::float8 * coalesce(c.average_rating::float8, ${UNRATED}::float8) / 5
        + ${CLOSENESS_WEIGHT}::float8 * (case when c.distance_meters is null then ${UNLOCATED_CLOSENESS}::float8
             else greatest(0, 1 - c.distance_meters / ${CLOSENESS_RANGE_METERS}::float8) end)
        + ${PRICE_WEIGHT}::float8 * least(1, c.budget_cents::float8 / c.price_cents) as score,
        (c.status = 'pending' and c.expires_at > now()) as live
      from (
        select o.id, o.task_id, o.worker_id, o.price_cents, o.proposed_time, o.message, o.status, o.expires_at,
          o.created_at, p.display_name, p.average_rating, p.rating_count, t.budget_cents,
          case when t.lat is null or p.lat is null then null else 2 * 6371008.8 * asin(least(1, sqrt(
            power(sin(radians(p.lat - t.lat) / 2), 2)
            + cos(radians(t.lat)) * cos(radians(p.lat)) * power(sin(radians(p.lng - t.lng) / 2), 2)))) end
            as distance_meters
        from task_offers o
        join tasks t on t.id = o.task_id
        left join worker_profiles p on p.user_id = o.worker_id
        where o.task_id = ${taskId} ${offerId ? sql`and o.id = ${offerId}` : sql``}
      ) c
    ) s
    order by s.live desc, case when s.live then s.score end desc nulls last, s.price_cents asc, s.created_at desc,
      s.id asc
    limit ${limit}`,
  );
}
