import { and, desc } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { beforeCursor, decodeCursor, encodeCursor } from '@/db/cursor';
import { taskMessages } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { inThread } from './in-thread';
import { loadDisputedThread } from './load-disputed-thread';
import { loadThread } from './load-thread';
import { messageCursorAt } from './message-cursor-at';
import { toMessageResource } from './to-message-resource';

export type MessagesPage = { cursor?: string; limit: number };

export type ListMessagesOptions = MessagesPage & {
  userId: string;
  taskId: string;
  /** A task with a dispute is readable to an admin though they are on neither side. */
  admin?: boolean;
};

export async function listMessages(db: Executor, { userId, taskId, admin = false, ...page }: ListMessagesOptions) {
  const thread = await readThread(db, { taskId, userId, admin });
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

async function readThread(db: Executor, { taskId, userId, admin }: { taskId: string; userId: string; admin: boolean }) {
  try {
    return await loadThread(db, { taskId, userId });
  } catch (error) {
    const disputed = admin && error instanceof ApiError && error.code === 'NOT_FOUND';
    const thread = disputed ? await loadDisputedThread(db, { taskId }) : null;
    if (!thread) throw error;
    return thread;
  }
}
