import { randomInt } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { OUTBOX_MAX_ATTEMPTS } from '@/db/outbox-retry';
import { intakeConversations, intakeMessages, smsOptOuts, smsOutbox } from '@/db/schema';
import type { Messenger, SmsMessage } from '@/lib/sms/messenger';
import { createOutboxMessenger } from '@/lib/sms/outbox-messenger';
import { queueSms } from './queue-sms';
import { sendDueSms } from './send-due-sms';

const uniquePhone = () => `+1555${String(randomInt(10_000_000)).padStart(7, '0')}`;

/** A provider stand-in: records what it was handed, then accepts (with an id) or refuses. */
function recordingMessenger(refuse?: string) {
  const handed: SmsMessage[] = [];
  const messenger: Messenger = {
    name: 'telnyx',
    async send(message) {
      handed.push(message);
      if (refuse) throw new Error(refuse);
      return { providerId: `msg_${handed.length}` };
    },
  };
  return { messenger, handed };
}

/** A text queued as an outbound intake message, the way a staff reply is. */
async function queueIntakeReply(phone: string, body: string) {
  const { db } = await getDatabase();
  const queued = await queueSms(db, { to: phone, body });
  if (!queued) throw new Error('not queued');
  const [conversation] = await db.insert(intakeConversations).values({ phone }).returning();
  const [message] = await db
    .insert(intakeMessages)
    .values({
      conversationId: conversation?.id ?? '',
      direction: 'outbound',
      body,
      outboxId: queued.id,
      status: 'queued',
    })
    .returning();
  return { outboxId: queued.id, messageId: message?.id ?? '' };
}

async function outboxRow(id: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, id));
  if (!row) throw new Error('no outbox row');
  return row;
}

async function intakeStatus(id: string) {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ status: intakeMessages.status })
    .from(intakeMessages)
    .where(eq(intakeMessages.id, id));
  return row?.status;
}

/** Makes the rows due now, as if their backoff had passed. */
async function makeDue(ids: string[]) {
  const { db } = await getDatabase();
  await db.update(smsOutbox).set({ nextAttemptAt: sql`now()` }).where(inArray(smsOutbox.id, ids));
}

describe('sendDueSms', () => {
  it('hands a queued text to the messenger and marks it and its intake message sent', async () => {
    const { db } = await getDatabase();
    const phone = uniquePhone();
    const { outboxId, messageId } = await queueIntakeReply(phone, 'We found someone for your parcel.');
    const { messenger, handed } = recordingMessenger();

    const counts = await sendDueSms(db, { messenger, outboxIds: [outboxId] });

    expect(counts).toEqual({ sent: 1, retrying: 0, failed: 0, optedOut: 0 });
    expect(handed).toEqual([{ to: phone, body: 'We found someone for your parcel.', outboxId }]);
    expect(await outboxRow(outboxId)).toMatchObject({
      status: 'sent',
      provider: 'telnyx',
      providerId: 'msg_1',
      attempts: 0,
      lastError: null,
      sentAt: expect.any(Date),
    });
    expect(await intakeStatus(messageId)).toBe('sent');
    // Sent once: a second run finds nothing due.
    expect(await sendDueSms(db, { messenger, outboxIds: [outboxId] })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
      optedOut: 0,
    });
    expect(handed).toHaveLength(1);
  });

  it('with the outbox messenger the row is the message: sent, provider outbox, no provider id', async () => {
    const { db } = await getDatabase();
    const queued = await queueSms(db, { to: uniquePhone(), body: 'Hello' });
    await sendDueSms(db, { messenger: createOutboxMessenger(), outboxIds: [queued?.id ?? ''] });
    expect(await outboxRow(queued?.id ?? '')).toMatchObject({ status: 'sent', provider: 'outbox', providerId: null });
  });

  it('leaves a text that is not due yet alone', async () => {
    const { db } = await getDatabase();
    const [row] = await db
      .insert(smsOutbox)
      .values({ to: uniquePhone(), body: 'Later', nextAttemptAt: sql`now() + interval '1 minute'` })
      .returning();
    const { messenger, handed } = recordingMessenger();
    await sendDueSms(db, { messenger, outboxIds: [row?.id ?? ''] });
    expect(handed).toEqual([]);
    expect((await outboxRow(row?.id ?? '')).status).toBe('queued');
  });

  it('retries a refused text with a doubling backoff, and fails it after 8 attempts', async () => {
    const { db } = await getDatabase();
    const { outboxId, messageId } = await queueIntakeReply(uniquePhone(), 'Retry me');
    const { messenger, handed } = recordingMessenger('Telnyx did not send the text: HTTP 503 Service unavailable');

    const delays: number[] = [];
    for (let attempt = 1; attempt < OUTBOX_MAX_ATTEMPTS; attempt++) {
      const before = Date.now();
      expect(await sendDueSms(db, { messenger, outboxIds: [outboxId] })).toMatchObject({ retrying: 1, failed: 0 });
      const row = await outboxRow(outboxId);
      expect(row).toMatchObject({
        status: 'queued',
        attempts: attempt,
        lastError: 'Telnyx did not send the text: HTTP 503 Service unavailable',
      });
      delays.push(Math.round((row.nextAttemptAt.getTime() - before) / 1000));
      expect(await intakeStatus(messageId)).toBe('queued');
      // Not due again until the backoff has passed.
      await sendDueSms(db, { messenger, outboxIds: [outboxId] });
      expect(handed).toHaveLength(attempt);
      await makeDue([outboxId]);
    }
    expect(delays).toEqual([30, 60, 120, 240, 480, 960, 1920]);

    expect(await sendDueSms(db, { messenger, outboxIds: [outboxId] })).toMatchObject({ retrying: 0, failed: 1 });
    expect(handed).toHaveLength(OUTBOX_MAX_ATTEMPTS);
    expect(await outboxRow(outboxId)).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS, sentAt: null });
    expect(await intakeStatus(messageId)).toBe('failed');
    await makeDue([outboxId]);
    await sendDueSms(db, { messenger, outboxIds: [outboxId] });
    expect(handed).toHaveLength(OUTBOX_MAX_ATTEMPTS);
  });

  it('sends a text that failed before once the provider takes it', async () => {
    const { db } = await getDatabase();
    const { outboxId, messageId } = await queueIntakeReply(uniquePhone(), 'Second time lucky');
    await sendDueSms(db, { messenger: recordingMessenger('no').messenger, outboxIds: [outboxId] });
    await makeDue([outboxId]);
    await sendDueSms(db, { messenger: recordingMessenger().messenger, outboxIds: [outboxId] });
    expect(await outboxRow(outboxId)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(await intakeStatus(messageId)).toBe('sent');
  });

  it('sends nothing to a number that opted out after the text was queued, except the STOP confirmation', async () => {
    const { db } = await getDatabase();
    const phone = uniquePhone();
    const { outboxId, messageId } = await queueIntakeReply(phone, 'Reply from staff');
    const confirmation = await queueSms(db, { to: phone, body: 'You will get no more texts.', ignoresOptOut: true });
    await db.insert(smsOptOuts).values({ phone });
    const { messenger, handed } = recordingMessenger();

    const counts = await sendDueSms(db, { messenger, outboxIds: [outboxId, confirmation?.id ?? ''] });

    expect(counts).toEqual({ sent: 1, retrying: 0, failed: 0, optedOut: 1 });
    expect(handed.map((message) => message.body)).toEqual(['You will get no more texts.']);
    expect(await outboxRow(outboxId)).toMatchObject({ status: 'failed', lastError: 'opted out', attempts: 0 });
    expect(await intakeStatus(messageId)).toBe('failed');
    expect((await outboxRow(confirmation?.id ?? '')).status).toBe('sent');
  });

  it('two dispatchers running at once send each text once', async () => {
    const { db } = await getDatabase();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await queueSms(db, { to: uniquePhone(), body: `Text ${i}` }))?.id ?? '');
    // A slow provider, and batches of different sizes: each run claims while the other's sends are under way.
    const handed: string[] = [];
    const slow: Messenger = {
      name: 'telnyx',
      async send({ outboxId }) {
        handed.push(outboxId);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { providerId: `msg_${outboxId}` };
      },
    };

    const [first, second] = await Promise.all([
      sendDueSms(db, { messenger: slow, batchSize: 2, outboxIds: ids }),
      sendDueSms(db, { messenger: slow, batchSize: 5, outboxIds: ids }),
    ]);

    expect(first.sent + second.sent).toBe(12);
    expect(handed.sort()).toEqual([...ids].sort());
    expect(first.sent).toBeGreaterThan(0);
    expect(second.sent).toBeGreaterThan(0);
    const rows = await db.select().from(smsOutbox).where(inArray(smsOutbox.id, ids));
    expect(rows.every((row) => row.status === 'sent' && row.providerId === `msg_${row.id}`)).toBe(true);
  });
});
