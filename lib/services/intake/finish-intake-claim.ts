import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { intakeConversations, users } from '@/db/schema';
import { textIntakeNumber } from './text-intake-number';

export type FinishIntakeClaim = { conversationId: string; userId: string; taskTitle: string };

/**
 * The end of the SMS concierge, inside the transaction that completes the claim (completeClaim): the person
 * opened the link texted to the conversation's number, so that number becomes their verified phone (unless it
 * already is), and they are texted that the task is posted (unless the number has opted out since).
 */
export async function finishIntakeClaim(tx: Tx, { conversationId, userId, taskTitle }: FinishIntakeClaim) {
  const [conversation] = await tx
    .select({ id: intakeConversations.id, phone: intakeConversations.phone })
    .from(intakeConversations)
    .where(eq(intakeConversations.id, conversationId));
  // The conversation row may have been deleted since; the claim and the task stand on their own.
  if (!conversation) return;
  const [current] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.phone, conversation.phone), isNotNull(users.phoneVerifiedAt)));
  if (!current) {
    await tx.update(users).set({ phone: conversation.phone, phoneVerifiedAt: sql`now()` }).where(eq(users.id, userId));
  }
  await textIntakeNumber(tx, {
    conversation,
    body: `Your task "${taskTitle}" is paid and posted. Workers nearby can accept it now.`,
    sentBy: null,
  });
}
