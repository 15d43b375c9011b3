import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { payoutAccounts, processorEvents } from '@/db/schema';
import { resetEnvCache } from '@/lib/env';
import { envelope, validationEnvelope } from '@/test/expect';
import { insertUser } from '@/test/factories';
import { send } from '@/test/http';
import { expectRequestId } from '@/test/raw-requests';
import { stripeSignature, withWebhookSecret } from '@/test/stripe-webhooks';
import { GET, POST } from './route';

const URL_ = 'http://localhost:3000/v1/webhooks/payments';
const SECRET = withWebhookSecret();
const uid = () => crypto.randomUUID().replaceAll('-', '');
const nowSeconds = () => Math.floor(Date.now() / 1000);

function stripeEvent(type: string, object: Record<string, unknown>, options: { livemode?: boolean; id?: string } = {}) {
  return {
    id: options.id ?? `evt_${uid()}`,
    object: 'event',
    type,
    livemode: options.livemode ?? false,
    created: nowSeconds(),
    data: { object },
  };
}

const sign = (payload: string, secret = SECRET, timestamp?: number) => stripeSignature(payload, secret, { timestamp });

/** POSTs `payload` exactly as given with the given Stripe-Signature header (none when null). */
function deliver(payload: string, header: string | null, extraHeaders: Record<string, string> = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...extraHeaders };
  if (header !== null) headers['stripe-signature'] = header;
  return send(POST, new Request(URL_, { method: 'POST', headers, body: payload }));
}

const deliverSigned = (payload: string) => deliver(payload, sign(payload));

async function storedEvents(eventId: string) {
  const { db } = await getDatabase();
  return db.select().from(processorEvents).where(eq(processorEvents.eventId, eventId));
}

async function insertPayoutAccount() {
  const { db } = await getDatabase();
  const user = await insertUser(db);
  const accountId = `acct_${uid()}`;
  await db.insert(payoutAccounts).values({ userId: user.id, livemode: false, processor: 'stripe', accountId });
  return accountId;
}

async function payoutAccount(accountId: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.accountId, accountId));
  if (!row) throw new Error('payout account missing');
  return row;
}

describe('POST /v1/webhooks/payments', () => {
  it('acknowledges a signed event of an unknown type with a bare 200 {received:true} and records it', async () => {
    for (const livemode of [false, true]) {
      const event = stripeEvent('customer.created', { id: `cus_${uid()}`, object: 'customer' }, { livemode });
      const res = await deliverSigned(JSON.stringify(event));
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ received: true });
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expectRequestId(res);
      const rows = await storedEvents(event.id);
      expect(rows).toEqual([{ eventId: event.id, type: 'customer.created', livemode, receivedAt: expect.any(Date) }]);
    }
  });

  it('needs no API key, session or Idempotency-Key: the signature is the only credential', async () => {
    const event = stripeEvent('balance.available', { object: 'balance' });
    const payload = JSON.stringify(event);
    const res = await deliver(payload, sign(payload), { authorization: 'Bearer not-a-key', 'idempotency-key': uid() });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(await storedEvents(event.id)).toHaveLength(1);
  });

  it('an invalid signature is 400 INVALID_SIGNATURE in the exact envelope and stores nothing', async () => {
    const accountId = await insertPayoutAccount();
    const before = await payoutAccount(accountId);
    const event = stripeEvent('account.updated', { id: accountId, charges_enabled: true, payouts_enabled: true });
    const payload = JSON.stringify(event);
    const tampered = payload.replace('"payouts_enabled":true', '"payouts_enabled":false');
    const cases: [string, string | null, string, string][] = [
      ['tampered body', sign(payload), tampered, 'No signature matches the body'],
      ['other secret', sign(payload, `whsec_test_${uid()}`), payload, 'No signature matches the body'],
      [
        'an hour old',
        sign(payload, SECRET, nowSeconds() - 3600),
        payload,
        'Stripe-Signature timestamp is outside the tolerance',
      ],
      [
        'an hour ahead',
        sign(payload, SECRET, nowSeconds() + 3600),
        payload,
        'Stripe-Signature timestamp is outside the tolerance',
      ],
      ['no header', null, payload, 'Missing Stripe-Signature header'],
      ['v0 only', stripeSignature(payload, SECRET, { scheme: 'v0' }), payload, 'Stripe-Signature has no v1 signature'],
      ['t=abc', sign(payload).replace(/^t=\d+/, 't=abc'), payload, 'Stripe-Signature has no valid timestamp'],
    ];
    for (const [label, header, body, message] of cases) {
      const res = await deliver(body, header);
      expect(res.status, label).toBe(400);
      expect(res.json, label).toEqual({
        error: {
          code: 'INVALID_SIGNATURE',
          message,
          hint: 'Sign the exact request body with the endpoint secret; the timestamp must be within 300 seconds.',
        },
      });
      expect(res.json, label).toEqual(envelope('INVALID_SIGNATURE', { message }));
      expectRequestId(res);
    }
    expect(await storedEvents(event.id)).toEqual([]);
    expect(await payoutAccount(accountId)).toEqual(before);
  });

  it('checks the signature before parsing: an unsigned malformed body is INVALID_SIGNATURE, not VALIDATION_ERROR', async () => {
    const res = await deliver('{"id": ', `t=${nowSeconds()},v1=${'0'.repeat(64)}`);
    expect(res.status).toBe(400);
    expect(res.json).toEqual(envelope('INVALID_SIGNATURE', { message: 'No signature matches the body' }));
  });

  it('without STRIPE_WEBHOOK_SECRET (unset or empty) every delivery is 500 WEBHOOK_NOT_CONFIGURED and stores nothing', async () => {
    const event = stripeEvent('customer.created', { id: `cus_${uid()}` });
    const payload = JSON.stringify(event);
    const header = sign(payload);
    try {
      for (const value of [undefined, '']) {
        if (value === undefined) delete process.env.STRIPE_WEBHOOK_SECRET;
        else process.env.STRIPE_WEBHOOK_SECRET = value;
        resetEnvCache();
        for (const [body, signature] of [
          [payload, header],
          [payload, null],
          ['not json', 'garbage'],
        ] as const) {
          const res = await deliver(body, signature);
          expect(res.status).toBe(500);
          expect(res.json).toEqual(envelope('WEBHOOK_NOT_CONFIGURED'));
          expectRequestId(res);
        }
      }
    } finally {
      process.env.STRIPE_WEBHOOK_SECRET = SECRET;
      resetEnvCache();
    }
    expect(await storedEvents(event.id)).toEqual([]);
    // Configured again, the same delivery goes through.
    const res = await deliver(payload, sign(payload));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true });
  });

  it('a signed 5 MB body is 413 PAYLOAD_TOO_LARGE (streamed or with a declared Content-Length) and stores nothing', async () => {
    const event = stripeEvent('customer.created', { id: `cus_${uid()}`, padding: 'x'.repeat(5 * 1024 * 1024) });
    const payload = JSON.stringify(event);
    const header = sign(payload);
    const declared: Record<string, string>[] = [{}, { 'content-length': String(Buffer.byteLength(payload)) }];
    for (const extra of declared) {
      const res = await deliver(payload, header, extra);
      expect(res.status).toBe(413);
      expect(res.json).toEqual(envelope('PAYLOAD_TOO_LARGE'));
      expectRequestId(res);
    }
    expect(await storedEvents(event.id)).toEqual([]);
  });

  it('a signed event just under 1 MB is accepted', async () => {
    const event = stripeEvent('customer.created', { id: `cus_${uid()}`, padding: 'x'.repeat(1000 * 1000) });
    const payload = JSON.stringify(event);
    expect(Buffer.byteLength(payload)).toBeLessThan(1024 * 1024);
    const res = await deliverSigned(payload);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(await storedEvents(event.id)).toHaveLength(1);
  });

  it('a signed body that is not JSON is 400 VALIDATION_ERROR "Malformed JSON"', async () => {
    for (const body of ['not json', '{"id": "evt_x",', '', '\u0000']) {
      const res = await deliverSigned(body);
      expect(res.status, body).toBe(400);
      expect(res.json, body).toEqual(validationEnvelope([{ path: [], message: 'Malformed JSON' }]));
      expectRequestId(res);
    }
  });

  it('a signed JSON body that is not an event is 400 VALIDATION_ERROR naming the fields, and stores nothing', async () => {
    const id = `evt_${uid()}`;
    const res = await deliverSigned(JSON.stringify({ id, object: 'event' }));
    expect(res.status).toBe(400);
    expect(res.json).toEqual(
      validationEnvelope([
        { path: ['type'], message: 'Invalid input: expected string, received undefined' },
        { path: ['livemode'], message: 'Invalid input: expected boolean, received undefined' },
        { path: ['created'], message: 'Invalid input: expected number, received undefined' },
        { path: ['data'], message: 'Invalid input: expected object, received undefined' },
      ]),
    );
    expect(await storedEvents(id)).toEqual([]);

    const array = await deliverSigned('[]');
    expect(array.status).toBe(400);
    expect(array.json).toEqual(
      validationEnvelope([{ path: [], message: 'Invalid input: expected object, received array' }]),
    );
  });

  it('the same event twice: the second answers {received:true, duplicate:true} and changes nothing', async () => {
    const accountId = await insertPayoutAccount();
    const event = stripeEvent('account.updated', {
      id: accountId,
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements: { currently_due: [] },
    });
    const payload = JSON.stringify(event);
    const first = await deliverSigned(payload);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ received: true });
    expect(await payoutAccount(accountId)).toMatchObject({ chargesEnabled: true, eventCreated: event.created });
    const [recorded] = await storedEvents(event.id);

    // Put the row back by hand: a redelivery that re-ran the handler would set it again.
    const { db } = await getDatabase();
    await db
      .update(payoutAccounts)
      .set({ chargesEnabled: false, payoutsEnabled: false, requirements: ['external_account'], eventCreated: 0 })
      .where(eq(payoutAccounts.accountId, accountId));
    const reset = await payoutAccount(accountId);

    // Stripe re-signs every retry: same body, a fresh header.
    const second = await deliver(payload, sign(payload));
    expect(second.status).toBe(200);
    expect(second.json).toEqual({ received: true, duplicate: true });
    // The same id with another body is a duplicate too (the id is what counts).
    const altered = JSON.stringify({ ...event, type: 'customer.created' });
    const third = await deliverSigned(altered);
    expect(third.status).toBe(200);
    expect(third.json).toEqual({ received: true, duplicate: true });

    expect(await payoutAccount(accountId)).toEqual(reset);
    expect(await storedEvents(event.id)).toEqual([recorded]);
  });

  it('the same event fired 10 times at once is stored once and applied once', async () => {
    const accountId = await insertPayoutAccount();
    const event = stripeEvent('account.updated', {
      id: accountId,
      charges_enabled: true,
      payouts_enabled: false,
      details_submitted: true,
      requirements: { currently_due: ['external_account', 'tos_acceptance.date'] },
    });
    const payload = JSON.stringify(event);
    const header = sign(payload);
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(payload, header)));

    for (const res of results) expect(res.status).toBe(200);
    const fresh = results.filter((res) => res.json.duplicate === undefined);
    const duplicates = results.filter((res) => res.json.duplicate === true);
    expect(fresh.map((res) => res.json)).toEqual([{ received: true }]);
    expect(duplicates).toHaveLength(9);
    for (const res of duplicates) expect(res.json).toEqual({ received: true, duplicate: true });

    expect(await storedEvents(event.id)).toEqual([
      { eventId: event.id, type: 'account.updated', livemode: false, receivedAt: expect.any(Date) },
    ]);
    expect(await payoutAccount(accountId)).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: false,
      detailsSubmitted: true,
      requirements: ['external_account', 'tos_acceptance.date'],
      eventCreated: event.created,
    });
  });

  it('GET is 405 METHOD_NOT_ALLOWED with Allow: POST', async () => {
    const res = await send(GET, new Request(URL_, { method: 'GET' }));
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
