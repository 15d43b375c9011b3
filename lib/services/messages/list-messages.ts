import { and, desc } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { beforeCursor, decodeCursor, encodeCursor } from '@/db/cursor';
import { taskMessages } from '@/db/schema';
import { inThread } from './in-thread';
import { loadThread } from './load-thread';
import { messageCursorAt } from './message-cursor-at';
import { toMessageResource } from './to-message-resource';

export type MessagesPage = { cursor?: string; limit: number };

export type ListMessagesOptions = MessagesPage & {
  /** The reader, one of the thread's two sides. */
  userId: string;
  taskId: string;
};

/**
 * The thread newest first, keyset-paginated on (created_at, id); readable in every status by its two sides (the
 * worker: their own assignment's messages only, see `inThread`).
 */
export async function listMessages(db: DbOrTx, { userId, taskId, ...page }: ListMessagesOptions) {
  const thread = await loadThread(db, { taskId, userId });
  const before = page.cursor ? decodeCursor(page.cursor) : undefined;
  const rows = await db
    .select({ message: taskMessages, cursorAt: messageCursorAt })
    .from(taskMessages)
    .where(and(inThread({ ...thread, taskId }), beforeCursor(taskMessages.createdAt, taskMessages.id, before)))
    .orderBy(desc(taskMessages.createdAt), desc(taskMessages.id))
    .limit(page.limit + 1);
  const pageRows = rows.slice(0, page.limit);
  const last = pageRows.at(-1);
  return {
    data: pageRows.map((row) => toMessageResource(row.message, thread.requesterIds)),
    nextCursor:
      rows.length > page.limit && last ? encodeCursor({ cursorAt: last.cursorAt, id: last.message.id }) : null,
  };
}
