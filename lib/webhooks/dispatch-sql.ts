// The dispatcher's statements. Deliveries are queued where events are written (queue-deliveries-sql.ts); the
// claim uses `FOR UPDATE SKIP LOCKED`, so any number of dispatchers (the in-process one of every instance,
// `npm run worker`) split the sending without waiting on each other.

/**
 * Claims up to $1 due deliveries (optionally only of the endpoints in $2) by moving their next attempt out by
 * the lease: nobody else picks them while this dispatcher sends, and a crash mid-send only delays them.
 */
export const CLAIM_DUE_SQL = `
with due as (
  select id from webhook_deliveries
  where status = 'pending' and next_attempt_at <= now()
    and ($2::uuid[] is null or endpoint_id = any($2::uuid[]))
  order by next_attempt_at
  limit $1
  for update skip locked
), claimed as (
  update webhook_deliveries d
  set next_attempt_at = now() + interval '120 seconds', updated_at = now()
  from due where d.id = due.id
  returning d.id, d.endpoint_id, d.event_id, d.attempts
)
select c.id, c.endpoint_id, c.event_id, c.attempts, w.url, w.secret, w.previous_secret,
  coalesce(w.previous_secret_expires_at > now(), false) as previous_active,
  (w.disabled_at is not null or w.deleted_at is not null) as inactive,
  e.type, e.data, to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as event_created_at
from claimed c
join webhook_endpoints w on w.id = c.endpoint_id
join events e on e.id = c.event_id`;

export type DueDelivery = {
  id: string;
  endpoint_id: string;
  event_id: string;
  attempts: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_active: boolean;
  inactive: boolean;
  type: string;
  data: Record<string, unknown>;
  event_created_at: string;
};

/**
 * Logs attempt $2 of delivery $1 before its request goes out, and counts it on the delivery; returns the
 * attempt's id. Committed on its own, so a request the receiver got is in the log even when its outcome can
 * never be written: that attempt keeps a null duration (outcome unknown) and the delivery, still leased, is
 * sent again with the same `webhook-id` once the lease runs out.
 */
export const BEGIN_ATTEMPT_SQL = `
with attempt as (
  insert into webhook_attempts (delivery_id, attempt_number) values ($1, $2) returning id
), counted as (
  update webhook_deliveries
  set attempts = $2, last_attempt_at = now(), last_status_code = null, updated_at = now()
  where id = $1
)
select id::text as id from attempt`;

/**
 * Writes the outcome of attempt $2 (delivery $1, attempt number $9) and moves the delivery on: $7 status, $8
 * seconds until the next attempt (null: none). The delivery moves only if no later attempt began meanwhile.
 */
export const FINISH_ATTEMPT_SQL = `
with attempt as (
  update webhook_attempts
  set status_code = $3, duration_ms = $4, error = $5, response_snippet = $6
  where id = $2::bigint
)
update webhook_deliveries
set status = $7::webhook_delivery_status, last_status_code = $3,
  next_attempt_at = case when $8::float8 is null then null else now() + $8::float8 * interval '1 second' end,
  updated_at = now()
where id = $1 and attempts = $9`;

/** A delivery whose endpoint was disabled or deleted after it was queued: settled without a request. */
export const ABANDON_SQL = `
update webhook_deliveries set status = 'failed', next_attempt_at = null, updated_at = now() where id = $1`;

export const DISABLE_ENDPOINT_SQL = `
update webhook_endpoints set disabled_at = now(), disabled_reason = $2, updated_at = now()
where id = $1 and disabled_at is null`;

/**
 * After a delivery to endpoint $1 used up its attempts: disables the endpoint with reason $2 when nothing has
 * reached it for $3 days (it is older than that and no delivery succeeded since), and returns its URL and where
 * to tell its owner (their email, or for an agent its operator's) and when it was disabled.
 */
export const DISABLE_IF_FAILING_SQL = `
update webhook_endpoints w set disabled_at = now(), disabled_reason = $2, updated_at = now()
where w.id = $1 and w.disabled_at is null and w.deleted_at is null
  and w.created_at < now() - $3::int * interval '1 day'
  and not exists (
    select 1 from webhook_deliveries d
    where d.endpoint_id = w.id and d.status = 'succeeded' and d.last_attempt_at > now() - $3::int * interval '1 day')
returning w.url, w.disabled_at::text as disabled_at,
  (select coalesce(u.email, o.email) from users u left join users o on o.id = u.owner_id where u.id = w.owner_id) as email`;
