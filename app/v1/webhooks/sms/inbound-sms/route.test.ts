import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { intakeConversations } from '@/db/schema';
import { envelope } from '@/test/expect';
import { send } from '@/test/http';
import { expectRequestId } from '@/test/raw-requests';
import {
  INBOUND_SMS_URL,
  inboundEventStored,
  inboundSmsEvent,
  signedTelnyxRequest,
  storedIntake,
  uniquePhone,
  withTelnyxKey,
} from '@/test/telnyx';
import { GET, POST } from './route';

withTelnyxKey();

const deliver = (body: unknown) => send(POST, signedTelnyxRequest(body));

describe('POST /v1/webhooks/sms/inbound-sms', () => {
  it('stores a signed message.received as an inbound message of a new open conversation, answering a bare {received:true}', async () => {
    const phone = uniquePhone();
    const event = inboundSmsEvent({ from: phone, text: 'Need someone to pick up a parcel at 5 Main St by 5 pm' });
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expectRequestId(res);

    const { conversations, messages, outbox } = await storedIntake(phone);
    expect(conversations).toEqual([
      expect.objectContaining({ phone, status: 'open', taskId: null, messageCount: 1, unreadCount: 1 }),
    ]);
    expect(messages).toEqual([
      {
        id: expect.any(String),
        conversationId: conversations[0]?.id,
        direction: 'inbound',
        body: 'Need someone to pick up a parcel at 5 Main St by 5 pm',
        sentBy: null,
        outboxId: null,
        status: null,
        providerMessageId: event.data.payload.id,
        createdAt: expect.any(Date),
      },
    ]);
    expect(conversations[0]?.lastMessageAt).toEqual(messages[0]?.createdAt);
    expect(outbox).toEqual([]);
    expect(await inboundEventStored(event.data.id)).toBe(true);
  });

  it('a second text from the same number appends to its open conversation', async () => {
    const phone = uniquePhone();
    await deliver(inboundSmsEvent({ from: phone, text: 'first' }));
    const res = await deliver(inboundSmsEvent({ from: phone, text: 'second' }));
    expect(res.json).toEqual({ received: true });

    const { conversations, messages } = await storedIntake(phone);
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({ messageCount: 2, unreadCount: 2 });
    expect(messages.map((message) => message.body)).toEqual(['first', 'second']);
    expect(conversations[0]?.lastMessageAt).toEqual(messages[1]?.createdAt);
  });

  it('a text from a number whose conversation was closed or converted opens a new one', async () => {
    const { db } = await getDatabase();
    for (const status of ['closed', 'converted'] as const) {
      const phone = uniquePhone();
      await deliver(inboundSmsEvent({ from: phone, text: 'first' }));
      await db.update(intakeConversations).set({ status }).where(eq(intakeConversations.phone, phone));
      await deliver(inboundSmsEvent({ from: phone, text: 'again' }));
      const { conversations } = await storedIntake(phone);
      expect(conversations.map((row) => [row.status, row.messageCount]).sort(), status).toEqual(
        [
          [status, 1],
          ['open', 1],
        ].sort(),
      );
    }
  });

  it('a number written without E.164 formatting is stored as E.164', async () => {
    const phone = uniquePhone();
    const spaced = `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
    expect((await deliver(inboundSmsEvent({ from: spaced, text: 'hi' }))).status).toBe(200);
    expect((await storedIntake(phone)).conversations).toHaveLength(1);
  });

  it('an MMS without text is stored with a note, an empty SMS as empty', async () => {
    const phone = uniquePhone();
    const media = [{ url: 'https://media.example/1.jpg', content_type: 'image/jpeg', size: 1000 }];
    await deliver(inboundSmsEvent({ from: phone, text: '', media }));
    await deliver(inboundSmsEvent({ from: phone, text: null, media }));
    await deliver(inboundSmsEvent({ from: phone, text: '' }));
    const { messages } = await storedIntake(phone);
    expect(messages.map((message) => message.body)).toEqual(['[MMS without text]', '[MMS without text]', '']);
  });

  it('the same event twice: the second answers {received:true, duplicate:true} and stores nothing more', async () => {
    const phone = uniquePhone();
    const event = inboundSmsEvent({ from: phone, text: 'hello' });
    expect((await deliver(event)).json).toEqual({ received: true });
    const again = await deliver(event);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ received: true, duplicate: true });
    // The event id is what counts, whatever the body (Telnyx may redeliver through the failover URL).
    const altered = { ...event, meta: { attempt: 2, delivered_to: 'https://failover.example' } };
    expect((await deliver(altered)).json).toEqual({ received: true, duplicate: true });

    const { conversations, messages } = await storedIntake(phone);
    expect(messages).toHaveLength(1);
    expect(conversations[0]).toMatchObject({ messageCount: 1, unreadCount: 1 });
  });

  it('the same event fired 10 times at once is stored once', async () => {
    const phone = uniquePhone();
    const event = inboundSmsEvent({ from: phone, text: 'STOP' });
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    for (const res of results) expect(res.status).toBe(200);
    expect(results.filter((res) => res.json.duplicate === undefined).map((res) => res.json)).toEqual([
      { received: true },
    ]);
    const duplicates = results.filter((res) => res.json.duplicate === true);
    expect(duplicates).toHaveLength(9);
    for (const res of duplicates) expect(res.json).toEqual({ received: true, duplicate: true });

    const { conversations, messages, outbox } = await storedIntake(phone);
    expect(conversations).toHaveLength(1);
    expect(messages.map((message) => message.direction)).toEqual(['inbound', 'outbound']);
    expect(outbox).toHaveLength(1);
  });

  it('texts from one new number arriving at once share one open conversation', async () => {
    const phone = uniquePhone();
    const texts = Array.from({ length: 5 }, (_, index) => `text ${index}`);
    const results = await Promise.all(texts.map((text) => deliver(inboundSmsEvent({ from: phone, text }))));
    for (const res of results) expect(res.json).toEqual({ received: true });
    const { conversations, messages } = await storedIntake(phone);
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({ messageCount: 5, unreadCount: 5 });
    expect(messages.map((message) => message.body).sort()).toEqual(texts);
  });

  it('acknowledges other event types without storing anything, even with a payload it would refuse', async () => {
    const phone = uniquePhone();
    for (const eventType of ['message.sent', 'message.finalized']) {
      const event = inboundSmsEvent({ from: phone, text: 'x'.repeat(5000), eventType });
      const res = await deliver(event);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ received: true });
      expect(await inboundEventStored(event.data.id)).toBe(false);
    }
    const bare = await deliver({ data: { id: crypto.randomUUID(), event_type: 'number_order.complete' } });
    expect(bare.json).toEqual({ received: true });
    expect(await storedIntake(phone)).toEqual({ conversations: [], messages: [], outbox: [], optedOut: false });
  });

  it('GET is 405 METHOD_NOT_ALLOWED with Allow: POST', async () => {
    const res = await send(GET, new Request(INBOUND_SMS_URL, { method: 'GET' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(res.json).toEqual(
      envelope('METHOD_NOT_ALLOWED', {
        message: 'GET is not allowed on this path',
        hint: 'Use POST; see /v1/openapi.json.',
      }),
    );
  });
});
