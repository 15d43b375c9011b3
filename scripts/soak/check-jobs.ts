import { LISTENER } from './faults';
import { type Check, check, type Inputs } from './verdict';

// The checks of the background work: webhook deliveries, leases, the LISTEN connections.

/** Every event an endpoint's owner should get arrived at least once under one webhook-id, each attempt logged. */
export async function webhooks({ cluster, receivers, endpointIds, faults }: Inputs): Promise<Check> {
  const missingFanOut = await cluster.query<{ id: string; type: string }>(
    `select e.id, e.type from events e join webhook_endpoints w on w.owner_id = any(e.audience)
        and w.livemode = e.livemode and w.created_at <= e.created_at
      where w.id = any($1::uuid[]) and not exists (
        select 1 from webhook_deliveries d where d.event_id = e.id and d.endpoint_id = w.id)`,
    [endpointIds],
  );
  const deliveries = await cluster.query<{
    id: string;
    event_id: string;
    status: string;
    next_attempt_at: Date | null;
    attempts: number;
    logged: number;
  }>(
    `select d.id, d.event_id, d.status, d.next_attempt_at, d.attempts,
        (select count(*) from webhook_attempts a where a.delivery_id = d.id)::int as logged
      from webhook_deliveries d where d.endpoint_id = any($1::uuid[])`,
    [endpointIds],
  );
  const details = missingFanOut.map((e) => `event ${e.id} (${e.type}) queued no delivery to its owner's endpoint`);
  let stranded = 0;
  let arrived = 0;
  for (const delivery of deliveries) {
    const receipts = receivers.receipts.get(delivery.event_id) ?? [];
    if (receipts.length === 0) {
      // Claimed by an instance that was then killed: due again when its 120 s lease runs out.
      const claimedAt = delivery.next_attempt_at ? delivery.next_attempt_at.getTime() - 120_000 : 0;
      if (
        delivery.status === 'pending' &&
        delivery.next_attempt_at &&
        delivery.next_attempt_at.getTime() > Date.now() &&
        faults.inside(claimedAt, ['sigkill', 'sigterm'])
      ) {
        stranded += 1;
        continue;
      }
      details.push(
        `delivery ${delivery.id} of ${delivery.event_id} never arrived (${delivery.status}, ${delivery.attempts} attempts)`,
      );
      continue;
    }
    arrived += 1;
    if (new Set(receipts.map((r) => r.digest)).size > 1)
      details.push(`event ${delivery.event_id} arrived with different bodies`);
    // Each attempt is logged before its request goes out, so no fault (a kill mid-send, PostgreSQL restarting
    // before the outcome is written) leaves a request the receiver got out of the log.
    if (receipts.length > delivery.logged) {
      const during = receipts
        .map((r) => faults.inside(r.at, ['sigkill', 'sigterm', 'pg-restart', 'listen-kill'])?.kind)
        .find(Boolean);
      details.push(
        `delivery ${delivery.id}: ${receipts.length} requests received, ${delivery.logged} attempts logged${during ? ` (during ${during})` : ''}`,
      );
    }
  }
  const requests = [...receivers.receipts.values()].reduce((n, list) => n + list.length, 0);
  return check(
    'every webhook event arrived, with a stable webhook-id and its attempts logged',
    details,
    `${deliveries.length} deliveries, ${arrived} arrived (${requests} requests), ${stranded} leased by a killed instance and not yet due`,
  );
}

/** No job row still claimed after its lease once the run is over (the killed instance's claims were taken over). */
export async function leases({ cluster }: Inputs): Promise<Check> {
  const overdue = await cluster.query<{ what: string; n: number }>(
    `select 'webhook deliveries' as what, count(*)::int as n from webhook_deliveries
        where status = 'pending' and next_attempt_at < now() - interval '30 seconds'
      union all select 'sms', count(*)::int from sms_outbox where status = 'queued' and next_attempt_at < now() - interval '30 seconds'
      union all select 'notification emails', count(*)::int from notification_emails
        where status = 'queued' and next_attempt_at < now() - interval '30 seconds'`,
  );
  const details = overdue
    .filter((row) => row.n > 0)
    .map((row) => `${row.n} ${row.what} due for over 30 s and not picked up`);
  return check(
    'no job row left claimed by a dead instance after its lease',
    details,
    overdue.map((r) => `${r.what} ${r.n}`).join(', '),
  );
}

/** Each process (two instances and the job runner) holds its LISTEN connection again after the faults. */
export async function listeners({ cluster }: Inputs): Promise<Check> {
  const [row] = await cluster.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where datname = current_database() and ${LISTENER}`,
  );
  const n = row?.n ?? 0;
  const details = n >= 3 ? [] : [`${n} LISTEN connections for 3 processes`];
  return check('every process listens again after the faults', details, `${n} LISTEN connections`);
}
