import { afterEach, describe, expect, it } from 'vitest';
import { captureLogs, restoreLogs } from '@/test/capture-logs';
import { withEnv } from '@/test/env';
import { envelope } from '@/test/expect';
import { send } from '@/test/http';
import { expectRequestId } from '@/test/raw-requests';
import {
  generateTelnyxKeyPair,
  INBOUND_SMS_URL,
  inboundEventStored,
  inboundSmsEvent,
  signedTelnyxRequest,
  storedIntake,
  telnyxHeaders,
  telnyxKeyPair,
  uniquePhone,
  withTelnyxKey,
} from '@/test/telnyx';
import { POST } from './route';

withTelnyxKey();
afterEach(restoreLogs);

const nowSeconds = () => Math.floor(Date.now() / 1000);
const HINT =
  'Sign `<telnyx-timestamp>|<body>` with the account’s Ed25519 key; the timestamp must be within 300 seconds.';
const invalid = (message: string) => envelope('INVALID_SIGNATURE', { message, hint: HINT });

/** POSTs `body` exactly as given with exactly these headers (besides the content type). */
function deliver(body: string, headers: Record<string, string>, extra: Record<string, string> = {}) {
  return send(
    POST,
    new Request(INBOUND_SMS_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers, ...extra },
      body,
    }),
  );
}

describe('POST /v1/webhooks/sms/inbound-sms: signature and limits', () => {
  it('every bad signature is 400 INVALID_SIGNATURE in the exact envelope and stores nothing', async () => {
    const phone = uniquePhone();
    const event = inboundSmsEvent({ from: phone, text: 'hello' });
    const body = JSON.stringify(event);
    const good = telnyxHeaders(body);
    const signature = good['telnyx-signature-ed25519'];
    const short = Buffer.from(signature, 'base64').subarray(0, 63).toString('base64');
    const otherKey = generateTelnyxKeyPair().privateKey;
    const cases: [string, string, Record<string, string>, string][] = [
      ['no headers', body, {}, 'Missing telnyx-signature-ed25519 or telnyx-timestamp header'],
      [
        'no timestamp',
        body,
        { 'telnyx-signature-ed25519': signature },
        'Missing telnyx-signature-ed25519 or telnyx-timestamp header',
      ],
      [
        'no signature',
        body,
        { 'telnyx-timestamp': good['telnyx-timestamp'] },
        'Missing telnyx-signature-ed25519 or telnyx-timestamp header',
      ],
      [
        'an hour old',
        body,
        telnyxHeaders(body, { timestamp: String(nowSeconds() - 3600) }),
        'telnyx-timestamp is outside the tolerance',
      ],
      [
        'six minutes old',
        body,
        telnyxHeaders(body, { timestamp: String(nowSeconds() - 360) }),
        'telnyx-timestamp is outside the tolerance',
      ],
      [
        'an hour ahead',
        body,
        telnyxHeaders(body, { timestamp: String(nowSeconds() + 3600) }),
        'telnyx-timestamp is outside the tolerance',
      ],
      [
        'non-digit timestamp',
        body,
        telnyxHeaders(body, { timestamp: `${nowSeconds()}.5` }),
        'telnyx-timestamp must be unix seconds (digits only)',
      ],
      [
        'ISO timestamp',
        body,
        telnyxHeaders(body, { timestamp: new Date().toISOString() }),
        'telnyx-timestamp must be unix seconds (digits only)',
      ],
      [
        'negative timestamp',
        body,
        telnyxHeaders(body, { timestamp: `-${nowSeconds()}` }),
        'telnyx-timestamp must be unix seconds (digits only)',
      ],
      [
        '63-byte signature',
        body,
        { ...good, 'telnyx-signature-ed25519': short },
        'telnyx-signature-ed25519 must be the base64 of a 64-byte Ed25519 signature',
      ],
      [
        'not base64',
        body,
        { ...good, 'telnyx-signature-ed25519': `${signature.slice(0, -4)}!!!!` },
        'telnyx-signature-ed25519 must be the base64 of a 64-byte Ed25519 signature',
      ],
      [
        'hex, not base64',
        body,
        { ...good, 'telnyx-signature-ed25519': Buffer.from(signature, 'base64').toString('hex') },
        'telnyx-signature-ed25519 must be the base64 of a 64-byte Ed25519 signature',
      ],
      ['signed with another key', body, telnyxHeaders(body, { privateKey: otherKey }), 'No signature matches the body'],
      ['body changed after signing', body.replace('hello', 'HELLO'), good, 'No signature matches the body'],
      [
        'timestamp changed after signing',
        body,
        { ...good, 'telnyx-timestamp': String(Number(good['telnyx-timestamp']) - 1) },
        'No signature matches the body',
      ],
    ];
    for (const [label, sent, headers, message] of cases) {
      const res = await deliver(sent, headers);
      expect(res.status, label).toBe(400);
      expect(res.json, label).toEqual(invalid(message));
      expectRequestId(res);
    }
    expect(await inboundEventStored(event.data.id)).toBe(false);
    expect(await storedIntake(phone)).toEqual({ conversations: [], messages: [], outbox: [], optedOut: false });
  });

  it('a timestamp just inside the 300 s window is accepted', async () => {
    for (const offset of [-290, 290]) {
      const res = await send(
        POST,
        signedTelnyxRequest(inboundSmsEvent({ from: uniquePhone(), text: 'hi' }), {
          timestamp: String(nowSeconds() + offset),
        }),
      );
      expect(res.json, String(offset)).toEqual({ received: true });
    }
  });

  it('checks the signature before parsing: an unsigned malformed body is INVALID_SIGNATURE, not VALIDATION_ERROR', async () => {
    const res = await deliver('{"data": ', {
      'telnyx-signature-ed25519': Buffer.alloc(64).toString('base64'),
      'telnyx-timestamp': String(nowSeconds()),
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(invalid('No signature matches the body'));
  });

  it('a TELNYX_PUBLIC_KEY that is not a raw 32-byte key refuses every delivery as INVALID_SIGNATURE and logs why', async () => {
    const logged = captureLogs('error');
    const request = () => signedTelnyxRequest(inboundSmsEvent({ from: uniquePhone(), text: 'hi' }));
    const spki = Buffer.concat([
      Buffer.from('302a300506032b6570032100', 'hex'),
      Buffer.from(telnyxKeyPair.publicKeyBase64, 'base64'),
    ]).toString('base64');
    for (const key of [spki, Buffer.alloc(31).toString('base64'), 'not a key']) {
      const res = await withEnv({ TELNYX_PUBLIC_KEY: key }, () => send(POST, request()));
      expect(res.status, key).toBe(400);
      expect(res.json, key).toEqual(invalid('No signature matches the body'));
    }
    const lines = logged.filter((line) => line.includes('TELNYX_PUBLIC_KEY is not the base64 of a raw 32-byte'));
    expect(lines).toHaveLength(3);
  });

  it('without TELNYX_PUBLIC_KEY (unset or empty) every delivery is 500 WEBHOOK_NOT_CONFIGURED, checked first', async () => {
    const phone = uniquePhone();
    const event = inboundSmsEvent({ from: phone, text: 'hello' });
    const body = JSON.stringify(event);
    for (const value of [undefined, '']) {
      await withEnv({ TELNYX_PUBLIC_KEY: value }, async () => {
        for (const [sent, headers] of [
          [body, telnyxHeaders(body)],
          [body, {}],
          ['not json', { 'telnyx-signature-ed25519': 'garbage', 'telnyx-timestamp': 'x' }],
        ] as const) {
          const res = await deliver(sent, headers);
          expect(res.status).toBe(500);
          expect(res.json).toEqual(
            envelope('WEBHOOK_NOT_CONFIGURED', {
              hint: 'Set TELNYX_PUBLIC_KEY (the account’s public key from the Telnyx portal) and resend the event.',
            }),
          );
          expectRequestId(res);
        }
      });
    }
    expect(await storedIntake(phone)).toEqual({ conversations: [], messages: [], outbox: [], optedOut: false });
    // Configured again, the same delivery goes through.
    expect((await deliver(body, telnyxHeaders(body))).json).toEqual({ received: true });
  });

  it('a signed body over 1 MB is 413 PAYLOAD_TOO_LARGE (streamed or with a declared Content-Length), storing nothing', async () => {
    const phone = uniquePhone();
    const event = { ...inboundSmsEvent({ from: phone, text: 'hi' }), padding: 'x'.repeat(1024 * 1024) };
    const body = JSON.stringify(event);
    const headers = telnyxHeaders(body);
    const declared: Record<string, string>[] = [{}, { 'content-length': String(Buffer.byteLength(body)) }];
    for (const extra of declared) {
      const res = await deliver(body, headers, extra);
      expect(res.status).toBe(413);
      expect(res.json).toEqual(envelope('PAYLOAD_TOO_LARGE'));
      expectRequestId(res);
    }
    expect(await inboundEventStored(event.data.id)).toBe(false);
    expect((await storedIntake(phone)).messages).toEqual([]);
  });

  it('needs no API key, session or Idempotency-Key: the signature is the only credential', async () => {
    const body = JSON.stringify(inboundSmsEvent({ from: uniquePhone(), text: 'hi' }));
    const res = await deliver(body, telnyxHeaders(body), {
      authorization: 'Bearer not-a-key',
      'idempotency-key': crypto.randomUUID(),
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true });
  });
});
