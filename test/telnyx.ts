import { generateKeyPairSync, type KeyObject, randomInt, sign } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { getDatabase } from '@/db/client';
import { inboundEvents, intakeConversations, intakeMessages, smsOptOuts, smsOutbox } from '@/db/schema';
import { envForFile } from './env';

export const INBOUND_SMS_URL = 'http://localhost:3000/v1/webhooks/sms/inbound-sms';

/** A fresh Ed25519 pair per test process; `publicKeyBase64` is what TELNYX_PUBLIC_KEY holds (the raw 32 bytes). */
export function generateTelnyxKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return { privateKey, publicKeyBase64: der.subarray(der.length - 32).toString('base64') };
}

export const telnyxKeyPair = generateTelnyxKeyPair();

/** Sets TELNYX_PUBLIC_KEY to the test pair's public key for this test file. */
export function withTelnyxKey(): void {
  envForFile({ TELNYX_PUBLIC_KEY: telnyxKeyPair.publicKeyBase64 });
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The two Telnyx signature headers for `body`, signed as Telnyx does: `${timestamp}|${body}`. */
export function telnyxHeaders(
  body: string,
  { timestamp = String(nowSeconds()), privateKey = telnyxKeyPair.privateKey }: SignOptions = {},
) {
  const signature = sign(null, Buffer.from(`${timestamp}|${body}`, 'utf8'), privateKey).toString('base64');
  return { 'telnyx-signature-ed25519': signature, 'telnyx-timestamp': timestamp };
}

export type SignOptions = { timestamp?: string; privateKey?: KeyObject };

/** A POST of `body` (an object is sent as JSON) to the inbound SMS webhook, signed with the test key. */
export function signedTelnyxRequest(body: unknown, options: SignOptions = {}): Request {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Request(INBOUND_SMS_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...telnyxHeaders(text, options) },
    body: text,
  });
}

/** A Telnyx `message.received` event (protocols §4.1), or another event type. */
export function inboundSmsEvent({
  from,
  text,
  id = crypto.randomUUID(),
  messageId = crypto.randomUUID(),
  eventType = 'message.received',
  media = [],
}: {
  from: string;
  text: string | null;
  id?: string;
  messageId?: string;
  eventType?: string;
  media?: unknown[];
}) {
  return {
    data: {
      record_type: 'event',
      id,
      event_type: eventType,
      occurred_at: new Date().toISOString(),
      payload: {
        record_type: 'message',
        direction: 'inbound',
        id: messageId,
        type: media.length > 0 ? 'MMS' : 'SMS',
        from: { phone_number: from, carrier: 'Test Carrier', line_type: 'Wireless' },
        to: [{ phone_number: '+15550100000', status: 'webhook_delivered' }],
        text,
        media,
      },
    },
    meta: { attempt: 1, delivered_to: INBOUND_SMS_URL },
  };
}

/** A valid US number no other test uses (random in +1 206 200-0000 … 999-9999, all valid for libphonenumber). */
export function uniquePhone(): string {
  return `+1206${2_000_000 + randomInt(8_000_000)}`;
}

/** What the service stored for `phone`: its conversations, their messages (oldest first), its outbox, its opt-out. */
export async function storedIntake(phone: string) {
  const { db } = await getDatabase();
  const conversations = await db.select().from(intakeConversations).where(eq(intakeConversations.phone, phone));
  const ids = conversations.map((conversation) => conversation.id);
  const messages =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(intakeMessages)
          .where(inArray(intakeMessages.conversationId, ids))
          .orderBy(asc(intakeMessages.createdAt), asc(intakeMessages.id));
  const outbox = await db.select().from(smsOutbox).where(eq(smsOutbox.to, phone)).orderBy(asc(smsOutbox.createdAt));
  const [optOut] = await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
  return { conversations, messages, outbox, optedOut: optOut !== undefined };
}

/** Whether the event id was recorded as applied. */
export async function inboundEventStored(eventId: string) {
  const { db } = await getDatabase();
  const rows = await db.select().from(inboundEvents).where(eq(inboundEvents.eventId, eventId));
  return rows.length > 0;
}
