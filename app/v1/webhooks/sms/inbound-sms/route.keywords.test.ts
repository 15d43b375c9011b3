import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { queueSms } from '@/lib/services/messaging/sms/queue-sms';
import { withEnv } from '@/test/env';
import { send } from '@/test/http';
import { inboundSmsEvent, signedTelnyxRequest, storedIntake, uniquePhone, withTelnyxKey } from '@/test/telnyx';
import { POST } from './route';

withTelnyxKey();

const STOPPED = "You're unsubscribed from Legwork texts. Reply START to resubscribe.";
const STARTED = "You're resubscribed to Legwork texts. Reply HELP for help, STOP to opt out.";
const help = (site: string) =>
  `Legwork: text us what you need done and we'll reply. Help: ${site}. Reply STOP to opt out.`;

async function text(from: string, body: string) {
  const res = await send(POST, signedTelnyxRequest(inboundSmsEvent({ from, text: body })));
  expect(res.json, body).toEqual({ received: true });
}

/** The conversation's messages as [direction, body], and the outbox as [body, ignoresOptOut]. */
async function transcript(phone: string) {
  const { conversations, messages, outbox, optedOut } = await storedIntake(phone);
  return {
    messages: messages.map((message) => [message.direction, message.body]),
    outbox: outbox.map((row) => [row.body, row.ignoresOptOut]),
    optedOut,
    messageCount: conversations[0]?.messageCount,
    unreadCount: conversations[0]?.unreadCount,
  };
}

describe('POST /v1/webhooks/sms/inbound-sms: STOP, START and HELP', () => {
  it('STOP opts the number out and is confirmed once; the confirmation is an outbound message tied to its outbox row', async () => {
    const phone = uniquePhone();
    await text(phone, 'STOP');
    await text(phone, ' stop ');
    expect(await transcript(phone)).toEqual({
      messages: [
        ['inbound', 'STOP'],
        ['outbound', STOPPED],
        ['inbound', ' stop '],
      ],
      outbox: [[STOPPED, true]],
      optedOut: true,
      messageCount: 3,
      unreadCount: 2,
    });
    const { messages, outbox } = await storedIntake(phone);
    expect(messages[1]).toMatchObject({
      sentBy: null,
      status: 'queued',
      outboxId: outbox[0]?.id,
      providerMessageId: null,
    });
    expect(outbox[0]).toMatchObject({ to: phone, status: 'queued' });

    // Nothing else reaches an opted-out number.
    const { db } = await getDatabase();
    expect(await queueSms(db, { to: phone, body: 'anything' })).toBeNull();
  });

  it('UNSUBSCRIBE, STOPALL, CANCEL, END and QUIT opt out too, in any case; a sentence with STOP in it does not', async () => {
    for (const keyword of ['UNSUBSCRIBE', 'stopall', 'Cancel', 'end', 'QUIT']) {
      const phone = uniquePhone();
      await text(phone, keyword);
      expect(await transcript(phone), keyword).toMatchObject({ outbox: [[STOPPED, true]], optedOut: true });
    }
    const phone = uniquePhone();
    await text(phone, 'please stop by the shop');
    expect(await transcript(phone)).toMatchObject({ outbox: [], optedOut: false });
  });

  it('START opts back in and is confirmed; texts reach the number again', async () => {
    const phone = uniquePhone();
    await text(phone, 'STOP');
    await text(phone, 'Start');
    expect(await transcript(phone)).toEqual({
      messages: [
        ['inbound', 'STOP'],
        ['outbound', STOPPED],
        ['inbound', 'Start'],
        ['outbound', STARTED],
      ],
      outbox: [
        [STOPPED, true],
        [STARTED, false],
      ],
      optedOut: false,
      messageCount: 4,
      unreadCount: 2,
    });
    // Opted back in, a new STOP is a new opt-out and is confirmed again.
    await text(phone, 'UNSTOP');
    await text(phone, 'STOP');
    expect((await transcript(phone)).outbox.map(([body]) => body)).toEqual([STOPPED, STARTED, STARTED, STOPPED]);
  });

  it('HELP (or INFO) is answered with the service name, how to opt out and the site', async () => {
    const phone = uniquePhone();
    await withEnv({ SITE_URL: 'https://legwork.example' }, async () => {
      await text(phone, 'help');
      await text(phone, 'INFO');
    });
    expect(await transcript(phone)).toMatchObject({
      messages: [
        ['inbound', 'help'],
        ['outbound', help('https://legwork.example')],
        ['inbound', 'INFO'],
        ['outbound', help('https://legwork.example')],
      ],
      outbox: [
        [help('https://legwork.example'), false],
        [help('https://legwork.example'), false],
      ],
    });
  });

  it('HELP from an opted-out number queues nothing; the HELP itself is still stored', async () => {
    const phone = uniquePhone();
    await text(phone, 'STOP');
    await text(phone, 'HELP');
    expect(await transcript(phone)).toEqual({
      messages: [
        ['inbound', 'STOP'],
        ['outbound', STOPPED],
        ['inbound', 'HELP'],
      ],
      outbox: [[STOPPED, true]],
      optedOut: true,
      messageCount: 3,
      unreadCount: 2,
    });
  });

  it('two different STOP texts arriving at once are confirmed once', async () => {
    const phone = uniquePhone();
    const results = await Promise.all(
      ['STOP', 'stop', 'UNSUBSCRIBE'].map((body) =>
        send(POST, signedTelnyxRequest(inboundSmsEvent({ from: phone, text: body }))),
      ),
    );
    for (const res of results) expect(res.json).toEqual({ received: true });
    expect(await transcript(phone)).toMatchObject({ outbox: [[STOPPED, true]], optedOut: true, messageCount: 4 });
  });
});
