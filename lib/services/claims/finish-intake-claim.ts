import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { intakeConversations, users } from '@/db/schema';
import { textIntakeNumber } from '@/lib/services/intake/text-intake-number';
import { isOptedOut } from '@/lib/services/messaging/sms/is-opted-out';
import { storePhoneCode } from '@/lib/services/users/store-phone-code';

export type FinishIntakeClaim = { conversationId: string; userId: string; taskTitle: string };

/**
 * Runs inside completeClaim's transaction. The number becomes only a pending phone: the claim link may have been
 * forwarded, so whoever opened it need not hold the phone.
 */
export async function finishIntakeClaim(tx: Tx, { conversationId, userId, taskTitle }: FinishIntakeClaim) {
  const [conversation] = await tx
    .select({ id: intakeConversations.id, phone: intakeConversations.phone })
    .from(intakeConversations)
    .where(eq(intakeConversations.id, conversationId));
  // The conversation may have been deleted since; the claim and the task stand on their own.
  if (!conversation) return;
  await textIntakeNumber(tx, {
    conversation,
    body: `Your task "${taskTitle}" is paid and posted. Workers nearby can accept it now.`,
    sentBy: null,
  });
  const [verified] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.phone, conversation.phone), isNotNull(users.phoneVerifiedAt)));
  if (verified || (await isOptedOut(tx, conversation.phone))) return;
  await storePhoneCode(tx, { userId, phone: conversation.phone });
}
