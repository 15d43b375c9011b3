import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { taskMessages } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { inThread } from './in-thread';
import type { ThreadScope } from './load-thread';
import { messageCursorAt } from './message-cursor-at';

/** To the microsecond: the order is (created_at, id). */
export type MessageKey = { cursorAt: string; id: string };

export type MessageKeyOptions = {
  scope: ThreadScope;
  messageId: string;
  field: string;
};

export async function messageKey(db: Executor, { scope, messageId, field }: MessageKeyOptions): Promise<MessageKey> {
  const [row] = await db
    .select({ id: taskMessages.id, cursorAt: messageCursorAt })
    .from(taskMessages)
    .where(and(inThread(scope), eq(taskMessages.id, messageId)));
  if (!row) {
    throw new ApiError('NOT_FOUND', {
      message: 'Message not found',
      hint: `\`${field}\` must be the id of a message in this task's thread (GET /v1/tasks/{id}/messages lists them).`,
    });
  }
  return row;
}
