import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { intakeConversations } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';

// The row lock orders two admins acting on one conversation at once.
export async function lockOpenConversation(tx: Tx, conversationId: string) {
  const [conversation] = await tx
    .select()
    .from(intakeConversations)
    .where(eq(intakeConversations.id, conversationId))
    .for('update');
  if (!conversation) throw new ApiError('NOT_FOUND', { message: 'No such intake conversation' });
  if (conversation.status !== 'open') {
    throw new ApiError('INTAKE_NOT_OPEN', { details: { status: conversation.status } });
  }
  return conversation;
}
