import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type IntakeConversation, intakeConversations, intakeMessages } from '@/db/schema';
import { queueSms } from '@/lib/services/messaging/sms/queue-sms';

export type TextIntakeNumber = {
  conversation: Pick<IntakeConversation, 'id' | 'phone'>;
  body: string;
  /** The admin who wrote it; null for automatic texts (the claim link, "your task is posted"). */
  sentBy: string | null;
};

// Null, storing nothing, when the number has opted out.
export async function textIntakeNumber(tx: Executor, { conversation, body, sentBy }: TextIntakeNumber) {
  const queued = await queueSms(tx, { to: conversation.phone, body });
  if (!queued) return null;
  const [message] = await tx
    .insert(intakeMessages)
    .values({
      conversationId: conversation.id,
      direction: 'outbound',
      body,
      sentBy,
      outboxId: queued.id,
      status: 'queued',
    })
    .returning();
  if (!message) throw new Error('intake message insert returned no row');
  await tx
    .update(intakeConversations)
    .set({ lastMessageAt: message.createdAt, messageCount: sql`${intakeConversations.messageCount} + 1` })
    .where(eq(intakeConversations.id, conversation.id));
  return message;
}
