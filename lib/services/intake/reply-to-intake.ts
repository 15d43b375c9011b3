import type { Db } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { assertAdmin } from '@/lib/services/admin/assert-admin';
import { lockOpenConversation } from './lock-open-conversation';
import { textIntakeNumber } from './text-intake-number';
import { toIntakeMessage } from './to-intake-message';

export type ReplyToIntake = { admin: ActorUser; conversationId: string; body: string };

/**
 * An admin answers an open conversation by SMS: the text is queued and stored as the conversation's latest message
 * in one transaction. A number that opted out is 409 SMS_OPTED_OUT and nothing is stored.
 */
export async function replyToIntake(db: Db, { admin, conversationId, body }: ReplyToIntake) {
  assertAdmin(admin, 'use the SMS intake');
  return db.transaction(async (tx) => {
    const conversation = await lockOpenConversation(tx, conversationId);
    const message = await textIntakeNumber(tx, { conversation, body, sentBy: admin.id });
    if (!message) throw new ApiError('SMS_OPTED_OUT');
    return toIntakeMessage(message);
  });
}
