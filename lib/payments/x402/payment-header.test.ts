import { describe, expect, it } from 'vitest';
import {
  base64Json,
  newPayer,
  requestWith,
  requirementsFor,
  signAuthorization,
  v1Header,
  v1Payload,
  v2Header,
  v2Payload,
} from '@/test/x402';
import { readX402Payment, X402Rejection } from './accept-payment';

// readX402Payment: what a payment header decodes to, and what it refuses.

describe('readX402Payment', () => {
  it('is null when the request carries no payment header', () => {
    expect(readX402Payment(requestWith({}))).toBeNull();
  });

  it('decodes a v1 X-Payment and a v2 PAYMENT-SIGNATURE header', async () => {
    const requirements = requirementsFor();
    const signed = await signAuthorization(newPayer(), requirements);
    expect(v1Header(v1Payload(requirements, signed))).toEqual({
      version: 1,
      header: 'X-PAYMENT',
      payload: v1Payload(requirements, signed),
    });
    expect(v2Header(v2Payload(requirements, signed))).toEqual({
      version: 2,
      header: 'PAYMENT-SIGNATURE',
      payload: v2Payload(requirements, signed),
    });
  });

  it.each([
    ['not base64', { 'X-Payment': 'not base64!' }, 'invalid_payload'],
    [
      'base64 of something other than JSON',
      { 'X-Payment': Buffer.from('hello').toString('base64') },
      'invalid_payload',
    ],
    ['larger than 8 KB', { 'X-Payment': 'A'.repeat(8 * 1024 + 4) }, 'invalid_payload'],
    ['a JSON array', { 'X-Payment': base64Json([1]) }, 'invalid_x402_version'],
    ['a v2 payload in X-Payment', { 'X-Payment': base64Json({ x402Version: 2 }) }, 'invalid_x402_version'],
    [
      'a v1 payload in PAYMENT-SIGNATURE',
      { 'PAYMENT-SIGNATURE': base64Json({ x402Version: 1 }) },
      'invalid_x402_version',
    ],
    [
      'a payload without a signature',
      { 'X-Payment': base64Json({ x402Version: 1, scheme: 'exact', network: 'base-sepolia', payload: {} }) },
      'invalid_payload',
    ],
    ['both headers at once', { 'X-Payment': base64Json({}), 'PAYMENT-SIGNATURE': base64Json({}) }, 'invalid_payload'],
  ])('refuses a header that is %s', (_label, headers, reason) => {
    let caught: unknown;
    try {
      readX402Payment(requestWith(headers));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(X402Rejection);
    expect((caught as X402Rejection).reason).toBe(reason);
    // Still an ApiError: one that escapes a handler is a 402 PAYMENT_FAILED naming the reason.
    expect((caught as X402Rejection).toBody().error).toMatchObject({ code: 'PAYMENT_FAILED', details: { reason } });
  });

  it('refuses a malformed address inside an otherwise well-formed payload', async () => {
    const requirements = requirementsFor();
    const signed = await signAuthorization(newPayer(), requirements);
    const broken = { ...signed, authorization: { ...signed.authorization, to: '0x1234' } };
    expect(() => v1Header(v1Payload(requirements, broken))).toThrow(X402Rejection);
  });
});
