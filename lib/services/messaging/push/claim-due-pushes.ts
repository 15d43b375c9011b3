import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { execute } from '@/db/execute';

export type ClaimDuePushesOptions = {
  limit: number;
  /** Longer than a send can take. */
  leaseSeconds: number;
  /** Tests share a database with other work. */
  outboxIds?: string[];
};

export type ClaimedPush = {
  id: string;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  title: string;
  body: string;
  url: string;
  tag: string;
  attempts: number;
};

// `FOR UPDATE SKIP LOCKED` splits the rows between senders; once the claim commits the rows are not due until the
// lease runs out, so no lock is held while a push service answers, and a dead sender only delays its rows.
export async function claimDuePushes(db: Db, { limit, leaseSeconds, outboxIds }: ClaimDuePushesOptions) {
  const only = !outboxIds
    ? sql``
    : outboxIds.length === 0
      ? sql`and false`
      : sql`and id in (${sql.join(
          outboxIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
  const rows = await execute<Omit<ClaimedPush, 'attempts'> & { attempts: number | string }>(
    db,
    sql`
      with due as (
        select id from push_outbox
        where sent_at is null and failed_at is null and next_attempt_at <= now() ${only}
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked
      )
      update push_outbox o
      set next_attempt_at = now() + ${leaseSeconds}::int * interval '1 second'
      from due, push_subscriptions s
      where o.id = due.id and s.id = o.subscription_id
      returning o.id, o.subscription_id as "subscriptionId", s.endpoint, s.p256dh, s.auth, o.title, o.body, o.url,
        o.tag, o.attempts`,
  );
  return rows.map((row): ClaimedPush => ({ ...row, attempts: Number(row.attempts) }));
}
