// Fan-out happens where an event is written, in the writer's own statement: the deliveries exist exactly when
// the event does, and the dispatcher only sends. An endpoint takes an event when it belongs to someone in the
// event's audience, is in the same mode (live or test), is neither disabled nor deleted, and subscribed to the
// type (no filter: every type).

/**
 * SQL that queues one delivery of each event of `source` (a CTE or table alias with the events' `id`, `type`,
 * `audience` and `livemode`) for every endpoint that takes it, and returns the queued rows' `event_id`.
 */
export function queueDeliveriesSql(source: string): string {
  return `insert into webhook_deliveries (endpoint_id, event_id, next_attempt_at)
    select w.id, e.id, now()
    from ${source} e
    join webhook_endpoints w
      on w.owner_id = any(e.audience)
     and w.livemode = e.livemode
     and w.deleted_at is null
     and w.disabled_at is null
     and (cardinality(w.events) = 0 or e.type = any(w.events))
    returning event_id`;
}
