import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { paymentRequiredReply } from '@/lib/api/payment-required-reply';
import { route } from '@/lib/api/route';
import { defineOperation } from '@/lib/schemas/operation';
import { withEnv } from '@/test/env';
import { call } from '@/test/http';
import { X402_TEST_PAY_TO } from './config';
import { x402Requirements } from './requirements';

// The 402 an agent gets: requirements in the x402 v1 form in the body (inside the spec's error envelope) and
// in the v2 form in the PAYMENT-REQUIRED header, sent through the real pipeline as a bare body.

const RESOURCE = 'http://localhost:3000/v1/tasks';

// A throwaway operation whose handler answers the 402 the way POST /v1/tasks does.
const paidOperation = defineOperation({
  method: 'POST',
  path: '/v1/x402-test',
  operationId: 'x402Test',
  summary: 'x402 test',
  description: 'Answers 402 with the x402 requirements.',
  tags: ['Test'],
  auth: 'none',
  rateLimit: 'none',
  usesDatabase: false,
  idempotent: false,
  response: z.object({ id: z.string() }),
});
const paid = route(paidOperation, async ({ request }) =>
  paymentRequiredReply(x402Requirements({ totalCents: 2_300, resource: request.url, description: 'Post a task' }), {
    code: 'PAYMENT_FAILED',
    reason: 'invalid_exact_evm_payload_signature',
    message: 'The authorization is not signed by its sender',
  }),
);

describe('x402Requirements', () => {
  it('prices in USDC atomic units (cents * 10,000) on Base Sepolia by default, paying the test-mode address', async () => {
    await withEnv({ X402_PAY_TO: undefined, X402_NETWORK: undefined }, async () => {
      expect(x402Requirements({ totalCents: 2_300, resource: RESOURCE, description: 'Post a task' })).toEqual({
        scheme: 'exact',
        network: 'base-sepolia',
        maxAmountRequired: '23000000',
        resource: RESOURCE,
        description: 'Post a task',
        mimeType: 'application/json',
        payTo: X402_TEST_PAY_TO,
        maxTimeoutSeconds: 300,
        asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
        extra: { name: 'USDC', version: '2' },
      });
    });
  });

  it('uses X402_PAY_TO (checksummed) and X402_NETWORK=base (USDC "USD Coin")', async () => {
    await withEnv({ X402_PAY_TO: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045', X402_NETWORK: 'base' }, async () => {
      expect(x402Requirements({ totalCents: 1, resource: RESOURCE, description: 'x' })).toMatchObject({
        network: 'base',
        maxAmountRequired: '10000',
        payTo: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
        asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
        extra: { name: 'USD Coin', version: '2' },
      });
    });
  });

  it('refuses a price that is not a positive whole number of cents', () => {
    for (const totalCents of [0, -5, 1.5]) {
      expect(() => x402Requirements({ totalCents, resource: RESOURCE, description: 'x' })).toThrow(/positive integer/);
    }
  });
});

describe('paymentRequiredReply through the pipeline', () => {
  it('sends the error envelope plus x402Version and accepts as a bare body, and the v2 PAYMENT-REQUIRED header', async () => {
    const res = await call(paid, '/v1/x402-test', { body: {} });

    expect(res.status).toBe(402);
    const requirements = x402Requirements({
      totalCents: 2_300,
      resource: 'http://localhost:3000/v1/x402-test',
      description: 'Post a task',
    });
    expect(res.json).toEqual({
      error: {
        code: 'PAYMENT_FAILED',
        message: 'The authorization is not signed by its sender',
        hint: expect.stringContaining('X-Payment'),
        details: { reason: 'invalid_exact_evm_payload_signature' },
      },
      x402Version: 1,
      accepts: [requirements],
    });
    expect(res.json.error.hint).toContain('accepts[0]');
    expect(JSON.parse(Buffer.from(res.headers.get('payment-required') ?? '', 'base64').toString('utf8'))).toEqual({
      x402Version: 2,
      error: 'The authorization is not signed by its sender',
      resource: { url: requirements.resource, description: 'Post a task', mimeType: 'application/json' },
      accepts: [
        {
          scheme: 'exact',
          network: 'eip155:84532',
          amount: '23000000',
          asset: requirements.asset,
          payTo: requirements.payTo,
          maxTimeoutSeconds: 300,
          extra: { name: 'USDC', version: '2' },
        },
      ],
    });
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('defaults to PAYMENT_REQUIRED without details', () => {
    const requirements = x402Requirements({ totalCents: 100, resource: RESOURCE, description: 'x' });
    const reply = paymentRequiredReply(requirements);
    expect(reply.status).toBe(402);
    expect(reply.data).toEqual({
      error: { code: 'PAYMENT_REQUIRED', message: 'Payment required', hint: expect.any(String) },
      x402Version: 1,
      accepts: [requirements],
    });
  });
});
