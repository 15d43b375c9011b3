import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { intakeConversations, intakeMessages } from '@/db/schema';
import type { Caller } from '@/lib/auth/admin';
import { ApiError } from '@/lib/errors/api-error';
import { assertAdmin } from '@/lib/services/admin/assert-admin';
import { toIntakeConversation } from './to-intake-conversation';
import { toIntakeMessage } from './to-intake-message';

export type GetIntakeConversation = { admin: Caller; conversationId: string };

export async function getIntakeConversation(db: Db, { admin, conversationId }: GetIntakeConversation) {
  assertAdmin(admin, 'use the SMS intake');
  return db.transaction(async (tx) => {
    const [conversation] = await tx
      .update(intakeConversations)
      .set({ unreadCount: 0 })
      .where(eq(intakeConversations.id, conversationId))
      .returning();
    if (!conversation) throw new ApiError('NOT_FOUND', { message: 'No such intake conversation' });
    const messages = await tx
      .select()
      .from(intakeMessages)
      .where(eq(intakeMessages.conversationId, conversationId))
      .orderBy(asc(intakeMessages.createdAt), asc(intakeMessages.id));
    return { ...toIntakeConversation(conversation), messages: messages.map(toIntakeMessage) };
  });
}
