import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { ApiError } from '@/lib/api/errors';
import { EVENTS_CHANNEL, eventRow } from '@/lib/events/emit-event';
import { TASK_MESSAGE_CREATED } from '@/lib/events/event-types';
import { TASK_MESSAGES_CHANNEL } from './message-hub';
import { assertWritable, loadThread, type MessageResource, type Thread, toMessageResource } from './thread';

// A task that changes this many times while one message is being posted is being fought over: give up with 409.
const MAX_ATTEMPTS = 5;

/**
 * Posts a message: read the thread (404 for outsiders, 409 unless it is open and writable), then ONE statement
 * that locks the task only if it is still as read, inserts the message, writes the `task.message.created` event
 * for the OTHER side only and notifies the waiting long polls and the webhook dispatchers (at commit). A single
 * statement is its own transaction: all of it or nothing, in two round trips instead of six. When a transition
 * committed between the read and the write, nothing is written and the thread is read again.
 */
export async function postMessage(db: Db, userId: string, taskId: string, body: string): Promise<MessageResource> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const thread = await loadThread(db, taskId, userId);
    assertWritable(thread.task);
    const message = await insertIfUnchanged(db, thread, userId, body);
    if (message) return message;
  }
  throw new ApiError('CONFLICT', {
    message: 'The task kept changing while the message was being posted',
    hint: 'Post the message again.',
  });
}

async function insertIfUnchanged(db: Db, thread: Thread, senderId: string, body: string) {
  const { task } = thread;
  // The message and its event, but for the time: the statement stamps it and writes it into the event's copy.
  const draft = toMessageResource(
    { id: randomUUID(), taskId: task.id, senderId, body, createdAt: new Date(0) },
    thread.requesterIds,
  );
  const event = eventRow({
    type: TASK_MESSAGE_CREATED,
    data: { message: draft, taskId: task.id },
    taskId: task.id,
    audience: thread.side === 'requester' ? [task.workerId] : thread.requesterIds,
    livemode: task.livemode,
  });
  // The lock (taken only while the task is still in the status and with the worker that were read) orders the
  // posts of one thread and any transition. The stamp is clock_timestamp() once the lock is held, never earlier
  // than the thread's newest message, so a waiter holding a newer id never misses a later commit.
  const result = await db.execute(sql`
    with task as (
      select id from tasks
      where id = ${task.id} and status = ${task.status} and worker_id is not distinct from ${task.workerId}::uuid
      for no key update
    ), message as (
      insert into task_messages (id, task_id, sender_id, body, created_at)
      select ${draft.id}::uuid, task.id, ${senderId}::uuid, ${body}, greatest(clock_timestamp(),
        (select max(m.created_at) + interval '1 microsecond' from task_messages m where m.task_id = task.id))
      from task
      returning created_at
    ), event as (
      insert into events (id, type, data, task_id, audience, livemode)
      select ${event.id}, ${event.type},
        jsonb_set(${JSON.stringify(event.data)}::jsonb, '{message,createdAt}',
          to_jsonb(to_char(message.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
        ${task.id}::uuid, ${`{${event.audience.join(',')}}`}::uuid[], ${event.livemode}
      from message
      returning id
    )
    select message.created_at as "createdAt", pg_notify(${TASK_MESSAGES_CHANNEL}, ${task.id}),
      pg_notify(${EVENTS_CHANNEL}, event.id)
    from message, event`);
  const [row] = (result as unknown as { rows: { createdAt: Date | string }[] }).rows;
  return row ? { ...draft, createdAt: new Date(row.createdAt).toISOString() } : undefined;
}
