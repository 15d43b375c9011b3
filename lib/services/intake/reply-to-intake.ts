import type { Db } from '@/db/client';
import { ApiError } from '@/lib/errors/api-error';
import type { AdminCaller } from '@/lib/services/admin/admin-caller';
import { assertAdmin } from '@/lib/services/admin/assert-admin';
import { recordAdminAction } from '@/lib/services/admin/record-admin-action';
import { lockOpenConversation } from './lock-open-conversation';
import { textIntakeNumber } from './text-intake-number';
import { toIntakeMessage } from './to-intake-message';

export type ReplyToIntake = { admin: AdminCaller; conversationId: string; body: string };

export async function replyToIntake(db: Db, { admin, conversationId, body }: ReplyToIntake) {
  assertAdmin(admin, 'use the SMS intake');
  return db.transaction(async (tx) => {
    const conversation = await lockOpenConversation(tx, conversationId);
    const message = await textIntakeNumber(tx, { conversation, body, sentBy: admin.user.id });
    if (!message) throw new ApiError('SMS_OPTED_OUT');
    await recordAdminAction(tx, admin, {
      action: 'intake.reply',
      target: { type: 'intake_conversation', id: conversation.id },
      after: { messageId: message.id, body },
    });
    return toIntakeMessage(message);
  });
}
