import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { inboundEvents, intakeConversations, intakeMessages } from '@/db/schema';
import { answerSmsKeyword } from '@/lib/services/messaging/sms/answer-sms-keyword';
import { smsKeyword } from '@/lib/sms/sms-keyword';
import type { InboundSms } from './parse-inbound-sms';

// Statement time rather than now() (the transaction's start), so an automatic answer sorts after its question.
const clock = sql`clock_timestamp()`;

// The event id insert makes a redelivery (or ten concurrent ones) store nothing.
export async function recordInboundSms(db: Db, sms: InboundSms): Promise<{ duplicate: boolean }> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(inboundEvents)
      .values({ provider: 'telnyx', eventId: sms.eventId })
      .onConflictDoNothing({ target: [inboundEvents.provider, inboundEvents.eventId] })
      .returning({ eventId: inboundEvents.eventId });
    if (!fresh) return { duplicate: true };

    const [conversation] = await tx
      .insert(intakeConversations)
      .values({ phone: sms.phone, messageCount: 1, unreadCount: 1, lastMessageAt: clock })
      .onConflictDoUpdate({
        target: intakeConversations.phone,
        targetWhere: sql`${intakeConversations.status} = 'open'`,
        set: {
          messageCount: sql`${intakeConversations.messageCount} + 1`,
          unreadCount: sql`${intakeConversations.unreadCount} + 1`,
          lastMessageAt: clock,
          updatedAt: clock,
        },
      })
      .returning({ id: intakeConversations.id, lastMessageAt: intakeConversations.lastMessageAt });
    if (!conversation) throw new Error('intake conversation upsert returned no row');
    await tx.insert(intakeMessages).values({
      conversationId: conversation.id,
      direction: 'inbound',
      body: sms.body,
      providerMessageId: sms.providerMessageId,
      createdAt: conversation.lastMessageAt,
    });

    const keyword = smsKeyword(sms.body);
    const answer = keyword && (await answerSmsKeyword(tx, sms.phone, keyword));
    if (!answer) return { duplicate: false };
    const [reply] = await tx
      .insert(intakeMessages)
      .values({
        conversationId: conversation.id,
        direction: 'outbound',
        body: answer.body,
        outboxId: answer.outboxId,
        status: 'queued',
        createdAt: clock,
      })
      .returning({ createdAt: intakeMessages.createdAt });
    await tx
      .update(intakeConversations)
      .set({ messageCount: sql`${intakeConversations.messageCount} + 1`, lastMessageAt: reply?.createdAt ?? clock })
      .where(eq(intakeConversations.id, conversation.id));
    return { duplicate: false };
  });
}
