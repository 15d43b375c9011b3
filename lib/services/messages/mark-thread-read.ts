import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { taskMessages, taskThreadReads } from '@/db/schema';
import { afterKey } from './after-key';
import { dropMessageDigest } from './drop-message-digest';
import { fromOtherSide } from './from-other-side';
import { inThread } from './in-thread';
import { loadThread, type ThreadScope } from './load-thread';
import { messageCursorAt } from './message-cursor-at';
import { type MessageKey, messageKey } from './message-key';
import { newestKey } from './newest-key';

export type MarkThreadReadOptions = {
  userId: string;
  taskId: string;
  messageId?: string;
};

// Never moves back; reaching the newest message drops the thread's pending digest (docs/messaging.md). A cursor left in an earlier assignment (the same worker accepting again) reads as none.
export async function markThreadRead(db: Executor, { userId, taskId, messageId }: MarkThreadReadOptions) {
  const thread = await loadThread(db, { taskId, userId });
  const scope: ThreadScope = { ...thread, taskId };
  const target = messageId
    ? await messageKey(db, { scope, messageId, field: 'messageId' })
    : await newestKey(db, scope);
  if (target) {
    await db.execute(sql`
      insert into ${taskThreadReads} as r (task_id, user_id, last_read_message_id, last_read_at)
      values (${taskId}, ${userId}, ${target.id}, now())
      on conflict (task_id, user_id) do update
        set last_read_message_id = excluded.last_read_message_id, last_read_at = excluded.last_read_at
        where r.last_read_message_id is null or exists (
          select 1 from ${taskMessages} n, ${taskMessages} o
          where n.id = excluded.last_read_message_id and o.id = r.last_read_message_id
            and (n.created_at, n.id) > (o.created_at, o.id))`);
  }
  const cursor = await readCursor(db, { ...thread, userId, taskId });
  // Read to the end: the batched notification waiting for this thread has nothing left to say.
  if (cursor.unreadCount === 0) await dropMessageDigest(db, { userId, taskId });
  return cursor;
}

async function readCursor(
  db: Executor,
  thread: Parameters<typeof fromOtherSide>[0] & ThreadScope & { userId: string },
) {
  const [cursor] = await db
    .select({
      lastReadMessageId: taskThreadReads.lastReadMessageId,
      lastReadAt: taskThreadReads.lastReadAt,
      cursorAt: messageCursorAt,
    })
    .from(taskThreadReads)
    .leftJoin(taskMessages, and(eq(taskMessages.id, taskThreadReads.lastReadMessageId), inThread(thread)))
    .where(and(eq(taskThreadReads.taskId, thread.taskId), eq(taskThreadReads.userId, thread.userId)));
  const key: MessageKey | undefined =
    cursor?.lastReadMessageId && cursor.cursorAt
      ? { id: cursor.lastReadMessageId, cursorAt: cursor.cursorAt }
      : undefined;
  const [unread] = await db
    .select({ n: count() })
    .from(taskMessages)
    .where(and(inThread(thread), fromOtherSide(thread), afterKey(key)));
  return {
    lastReadMessageId: key?.id ?? null,
    lastReadAt: key ? (cursor?.lastReadAt?.toISOString() ?? null) : null,
    unreadCount: Number(unread?.n ?? 0),
  };
}
