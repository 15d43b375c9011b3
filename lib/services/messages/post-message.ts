import { randomUUID } from 'node:crypto';
import type { Database } from '@/db/client';
import { taskStatus } from '@/db/schema';
import { env } from '@/lib/env';
import { EVENTS_CHANNEL, newEventId } from '@/lib/events/emit-event';
import { TASK_MESSAGE_CREATED } from '@/lib/events/event-types';
import { queueDeliveriesSql } from '@/lib/events/queue-deliveries-sql';
import {
  messageNotificationParams,
  messageNotificationSql,
} from '@/lib/services/notifications/message-notification-sql';
import { taskNotFound } from '@/lib/services/tasks/task-not-found';
import { isTerminal } from '@/lib/tasks/task-transitions';
import { assertWritable } from './assert-writable';
import { checkMessageMode } from './check-message-mode';
import { isOpen } from './is-open';
import { TASK_MESSAGES_CHANNEL } from './message-hub';
import { threadNotOpen } from './thread-not-open';
import { type MessageResource, toMessageResource } from './to-message-resource';

const WRITABLE = taskStatus.enumValues.filter((status) => isOpen({ status }) && !isTerminal(status));

// One statement, so its own transaction. FOR NO KEY UPDATE conflicts with the transitions' FOR UPDATE: none
// slips between the check and the insert, and posts to one thread are stamped in commit order. The message goes
// to the current assignment (whose worker alone reads it), and its outbox event to the OTHER side only. The row
// comes back either way, so a refusal can say why.
const POST_MESSAGE_SQL = `
  with task as (
    select t.id, t.status, t.title, t.requester_id, t.worker_id, t.livemode, u.owner_id,
      case when $2::uuid in (t.requester_id, u.owner_id) then 'requester'
           when $2::uuid = t.worker_id then 'worker' end as side
    from tasks t join users u on u.id = t.requester_id
    where t.id = $1
    for no key update of t
  ), earlier as (
    select e.id, e.body, e.created_at from task_messages e
    where $17::text is not null and e.sender_id = $2::uuid and e.creation_key = $17::text and e.task_id = $1
  ), message as (
    insert into task_messages (id, task_id, assignment_id, sender_id, body, created_at, creation_key)
    select $3, task.id,
      (select a.id from task_assignments a where a.task_id = task.id and a.ended_at is null),
      $2, $4, greatest(clock_timestamp(),
      (select max(m.created_at) + interval '1 microsecond' from task_messages m where m.task_id = task.id)), $17
    from task
    where task.side is not null and task.status::text = any($5::text[]) and not exists (select 1 from earlier)
    on conflict do nothing
    returning created_at
  ), event as (
    insert into events (id, type, data, task_id, audience, livemode)
    select $8, '${TASK_MESSAGE_CREATED}',
      jsonb_build_object(
        'message', jsonb_set(case task.side when 'requester' then $6::jsonb else $7::jsonb end, '{createdAt}',
          to_jsonb(to_char(message.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
        'taskId', task.id),
      task.id,
      case task.side when 'requester' then array_remove(array[task.worker_id], null)
        else array_remove(array[task.requester_id, task.owner_id], null) end,
      task.livemode
    from task, message
    returning id, type, audience, livemode
  ), queued as (${queueDeliveriesSql('event')}),
  ${messageNotificationSql(9)}
  select task.status, task.side, message.created_at as "createdAt",
    earlier.id as "earlierId", earlier.body as "earlierBody", earlier.created_at as "earlierAt",
    case when event.id is not null then pg_notify('${TASK_MESSAGES_CHANNEL}', task.id::text) end as woke,
    case when exists (select 1 from queued) then pg_notify('${EVENTS_CHANNEL}', event.id) end as dispatched
  from task left join message on true left join event on true left join earlier on true`;

type PostedRow = {
  status: (typeof taskStatus.enumValues)[number];
  side: 'requester' | 'worker' | null;
  createdAt: Date | null;
  /** The message this Idempotency-Key posted before (a retry after a crash), when there is one. */
  earlierId: string | null;
  earlierBody: string | null;
  earlierAt: Date | null;
};

export type PostMessageOptions = {
  userId: string;
  taskId: string;
  body: string;
  /** A test-mode sender never writes to a live worker (check-message-mode.ts). */
  livemode?: boolean;
  /** The request's Idempotency-Key, hashed (creationKeyOf): a retry finds the message it posted. */
  creationKey?: string;
};

// One round trip (plus the credential lookup), all or nothing.
export async function postMessage(
  database: Database,
  { userId, taskId, body, livemode, creationKey }: PostMessageOptions,
): Promise<MessageResource> {
  if (livemode === false) await checkMessageMode(database.db, { taskId, senderId: userId });
  const id = randomUUID();
  const draft = (side: 'requester' | 'worker') =>
    toMessageResource(
      { id, taskId, senderId: userId, body, createdAt: new Date(0) },
      side === 'requester' ? [userId] : [],
    );
  const [row] = await database.query<PostedRow>('post_message', POST_MESSAGE_SQL, [
    taskId,
    userId,
    id,
    body,
    `{${WRITABLE.join(',')}}`,
    JSON.stringify(draft('requester')),
    JSON.stringify(draft('worker')),
    newEventId(),
    ...messageNotificationParams(env().SITE_URL),
    creationKey ?? null,
  ]);
  if (!row?.side) throw taskNotFound();
  if (row.earlierId && row.earlierAt) {
    const earlier = {
      id: row.earlierId,
      taskId,
      senderId: userId,
      body: row.earlierBody ?? body,
      createdAt: row.earlierAt,
    };
    return toMessageResource(earlier, row.side === 'requester' ? [userId] : []);
  }
  if (!row.createdAt) {
    assertWritable({ status: row.status });
    throw threadNotOpen(); // unreachable: a writable thread of a side always takes the message
  }
  return { ...draft(row.side), createdAt: new Date(row.createdAt).toISOString() };
}
