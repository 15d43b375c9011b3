import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { taskMessages } from '@/db/schema';
import { emitEvent } from '@/lib/events/emit-event';
import { TASK_MESSAGE_CREATED } from '@/lib/events/event-types';
import { TASK_MESSAGES_CHANNEL } from './message-hub';
import { assertWritable, loadThread, type MessageResource, toMessageResource } from './thread';

/**
 * Posts a message in one transaction: lock the task (so a concurrent transition cannot slip between the status
 * check and the insert, and posts to one thread are stamped in commit order), insert, write the
 * `task.message.created` event for the OTHER side only, and notify waiting long polls of this task.
 */
export async function postMessage(db: Db, userId: string, taskId: string, body: string): Promise<MessageResource> {
  return db.transaction(async (tx) => {
    const thread = await loadThread(tx, taskId, userId, true);
    assertWritable(thread.task);
    // clock_timestamp(), not now(): now() is when the transaction began, possibly before the lock was granted,
    // so a later commit could carry an earlier stamp and a waiter holding a newer id would never see it.
    const [message] = await tx
      .insert(taskMessages)
      .values({
        taskId,
        senderId: userId,
        body,
        createdAt: sql`greatest(clock_timestamp(), (select max(${taskMessages.createdAt}) + interval '1 microsecond' from ${taskMessages} where ${taskMessages.taskId} = ${taskId}))`,
      })
      // The wake-up for waiting long polls rides on the insert (one round trip less); sent at commit only.
      .returning({
        id: taskMessages.id,
        taskId: taskMessages.taskId,
        senderId: taskMessages.senderId,
        body: taskMessages.body,
        createdAt: taskMessages.createdAt,
        notified: sql<string>`pg_notify(${TASK_MESSAGES_CHANNEL}, ${taskId})`,
      });
    if (!message) throw new Error('message insert returned no row');
    const resource = toMessageResource(message, thread.requesterIds);
    await emitEvent(tx, {
      type: TASK_MESSAGE_CREATED,
      data: { message: resource, taskId },
      taskId,
      audience: thread.side === 'requester' ? [thread.task.workerId] : thread.requesterIds,
      livemode: thread.task.livemode,
    });
    return resource;
  });
}
