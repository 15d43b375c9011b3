import { createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors/api-error';
import { SIGNATURE_TOLERANCE_SECONDS, verifyStripeSignature } from './verify-signature';

// Every header that should verify is made by the official SDK; only deliberately wrong signatures are
// built by hand.
const stripe = new Stripe('sk_test_dummy');
const SECRET = `whsec_test_${randomBytes(16).toString('hex')}`;
// A fixed clock passed to the verifier, so no test depends on how long it takes to run.
const NOW = 1_750_000_000;

function eventPayload(): string {
  return JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'account.updated',
    livemode: false,
    created: NOW,
    data: { object: { id: `acct_${crypto.randomUUID().replaceAll('-', '')}`, charges_enabled: true } },
  });
}

function sign(payload: string, options: { secret?: string; timestamp?: number; scheme?: string } = {}): string {
  return stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? NOW,
    scheme: options.scheme,
  });
}

/** The verifier refuses with ApiError INVALID_SIGNATURE (400) and the given message. */
function expectRefused(run: () => void, message: string) {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ApiError);
  const error = thrown as ApiError;
  expect(error.code).toBe('INVALID_SIGNATURE');
  expect(error.status).toBe(400);
  expect(error.message).toBe(message);
  expect(error.toBody()).toEqual({
    error: {
      code: 'INVALID_SIGNATURE',
      message,
      hint: 'Sign the exact request body with the endpoint secret; the timestamp must be within 300 seconds.',
    },
  });
}

describe('verifyStripeSignature', () => {
  it('accepts a header made by the Stripe SDK over the exact body', () => {
    const payload = eventPayload();
    expect(() => verifyStripeSignature(payload, sign(payload), SECRET, NOW)).not.toThrow();
  });

  it('accepts a header the SDK made just now when the clock is not given', () => {
    const payload = eventPayload();
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect(() => verifyStripeSignature(payload, header, SECRET)).not.toThrow();
  });

  it('agrees with the SDK: whatever the verifier accepts, stripe.webhooks.constructEvent accepts', () => {
    const payload = eventPayload();
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    verifyStripeSignature(payload, header, SECRET);
    expect(stripe.webhooks.constructEvent(payload, header, SECRET).id).toBe(JSON.parse(payload).id);
  });

  it('refuses a body changed after signing, by one byte or by whitespace', () => {
    const payload = eventPayload();
    const header = sign(payload);
    const tampered = [
      payload.replace('"charges_enabled":true', '"charges_enabled":false'),
      `${payload} `,
      ` ${payload}`,
      payload.replace('"livemode":false', '"livemode":true'),
      JSON.stringify(JSON.parse(payload), null, 2),
    ];
    for (const body of tampered) {
      expect(body).not.toBe(payload);
      expectRefused(() => verifyStripeSignature(body, header, SECRET, NOW), 'No signature matches the body');
    }
  });

  it('the tolerance is 300 seconds', () => {
    expect(SIGNATURE_TOLERANCE_SECONDS).toBe(300);
  });

  it('refuses a timestamp 301 s in the past and 301 s in the future', () => {
    const payload = eventPayload();
    for (const timestamp of [NOW - 301, NOW + 301, NOW - 86_400, NOW + 86_400, 1]) {
      expectRefused(
        () => verifyStripeSignature(payload, sign(payload, { timestamp }), SECRET, NOW),
        'Stripe-Signature timestamp is outside the tolerance',
      );
    }
  });

  it('accepts a timestamp up to 299 s (and exactly 300 s) either side of now', () => {
    const payload = eventPayload();
    for (const timestamp of [NOW - 299, NOW + 299, NOW - 300, NOW + 300]) {
      expect(() => verifyStripeSignature(payload, sign(payload, { timestamp }), SECRET, NOW)).not.toThrow();
    }
  });

  it('refuses a missing or empty header', () => {
    const payload = eventPayload();
    expectRefused(() => verifyStripeSignature(payload, null, SECRET, NOW), 'Missing Stripe-Signature header');
    expectRefused(() => verifyStripeSignature(payload, '', SECRET, NOW), 'Missing Stripe-Signature header');
  });

  it("refuses 't=abc' alone and a valid v1 next to 't=abc'", () => {
    const payload = eventPayload();
    const valid = sign(payload);
    const v1 = valid.split(',').find((part) => part.startsWith('v1='));
    expect(v1).toMatch(/^v1=[0-9a-f]{64}$/);
    for (const header of ['t=abc', `t=abc,${v1}`, valid.replace(`t=${NOW}`, 't=abc')]) {
      expectRefused(
        () => verifyStripeSignature(payload, header, SECRET, NOW),
        'Stripe-Signature has no valid timestamp',
      );
    }
  });

  it('refuses a header without a timestamp or with garbage instead of a header', () => {
    const payload = eventPayload();
    const v1 = sign(payload).split(',')[1] ?? '';
    for (const header of [v1, 'garbage', ',,,', `t=,${v1}`, `t=-${NOW},${v1}`, `t=${NOW}.5,${v1}`]) {
      expectRefused(
        () => verifyStripeSignature(payload, header, SECRET, NOW),
        'Stripe-Signature has no valid timestamp',
      );
    }
  });

  it("refuses a header with only a 'v0=' signature, even one the SDK computed correctly", () => {
    const payload = eventPayload();
    const v0Header = sign(payload, { scheme: 'v0' });
    expect(v0Header).toMatch(/^t=\d+,v0=[0-9a-f]{64}$/);
    expectRefused(() => verifyStripeSignature(payload, v0Header, SECRET, NOW), 'Stripe-Signature has no v1 signature');
    expectRefused(
      () => verifyStripeSignature(payload, `t=${NOW}`, SECRET, NOW),
      'Stripe-Signature has no v1 signature',
    );
  });

  it('refuses a v1 value that is not 64 lowercase hex characters', () => {
    const payload = eventPayload();
    const valid = sign(payload);
    const hex = valid.split('v1=')[1] ?? '';
    for (const bad of [hex.slice(0, 63), `${hex}00`, hex.toUpperCase(), `${hex.slice(0, 63)}g`, '']) {
      expectRefused(
        () => verifyStripeSignature(payload, `t=${NOW},v1=${bad}`, SECRET, NOW),
        'Stripe-Signature has no v1 signature',
      );
    }
  });

  it('accepts two v1 values of which one is valid, in either order (secret rotation)', () => {
    const payload = eventPayload();
    const valid = sign(payload);
    const wrong = createHmac('sha256', 'whsec_old_rotated_secret').update(`${NOW}.${payload}`, 'utf8').digest('hex');
    const validV1 = valid.split(',')[1] ?? '';
    expect(validV1).not.toBe(`v1=${wrong}`);
    for (const header of [`${valid},v1=${wrong}`, `t=${NOW},v1=${wrong},${validV1}`, `${valid},v0=${wrong}`]) {
      expect(() => verifyStripeSignature(payload, header, SECRET, NOW)).not.toThrow();
    }
    // Two wrong values are still refused.
    expectRefused(
      () => verifyStripeSignature(payload, `t=${NOW},v1=${wrong},v1=${'0'.repeat(64)}`, SECRET, NOW),
      'No signature matches the body',
    );
  });

  it('refuses a header signed with a different secret', () => {
    const payload = eventPayload();
    const other = sign(payload, { secret: `whsec_test_${randomBytes(16).toString('hex')}` });
    expectRefused(() => verifyStripeSignature(payload, other, SECRET, NOW), 'No signature matches the body');
  });

  it('the signature covers the timestamp: a valid v1 moved to another timestamp is refused', () => {
    const payload = eventPayload();
    const valid = sign(payload);
    const moved = valid.replace(`t=${NOW}`, `t=${NOW - 1}`);
    expectRefused(() => verifyStripeSignature(payload, moved, SECRET, NOW), 'No signature matches the body');
  });

  it('non-ASCII text in the body is signed and verified as UTF-8, as the SDK does', () => {
    const payload = JSON.stringify({ id: 'evt_unicode', name: 'Zoë — 東京 🚲' });
    expect(() => verifyStripeSignature(payload, sign(payload), SECRET, NOW)).not.toThrow();
    expectRefused(
      () => verifyStripeSignature(payload.replace('ë', 'e'), sign(payload), SECRET, NOW),
      'No signature matches the body',
    );
  });
});
