import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithPayment as wrapFetchV2, x402Client } from '@x402/fetch';
import { createWalletClient, http } from 'viem';
import { baseSepolia } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { decodeXPaymentResponse, wrapFetchWithPayment as wrapFetchV1 } from 'x402-fetch';
import { z } from 'zod';
import { reply } from '@/lib/api/outcome';
import { paymentRequiredReply } from '@/lib/api/payment-required-reply';
import { type RouteHandler, route } from '@/lib/api/route';
import { defineOperation } from '@/lib/schemas/operation';
import { newPayer, paymentRows } from '@/test/x402';
import { acceptX402Payment, readX402Payment, X402Rejection } from './accept-payment';
import { type X402Requirements, x402Requirements } from './requirements';

// The off-the-shelf clients against the module: `x402-fetch` (v1, X-PAYMENT) and `@x402/fetch` (v2,
// PAYMENT-SIGNATURE) pay a throwaway route that uses the module exactly as POST /v1/tasks does. Their
// fetch calls the route handler in-process.

const paidOperation = defineOperation({
  method: 'POST',
  path: '/v1/x402-paid',
  operationId: 'x402Paid',
  summary: 'x402 paid test resource',
  description: 'Costs 23.00 USDC.',
  tags: ['Test'],
  auth: 'none',
  rateLimit: 'none',
  idempotent: false,
  successStatus: 201,
  response: z.object({ paymentId: z.string(), payer: z.string() }),
});

const paid = route(paidOperation, async ({ db, request }) => {
  const requirements = x402Requirements({
    totalCents: 2_300,
    resource: request.url,
    description: 'A paid test resource',
  });
  const refuse = (error: unknown, offer: X402Requirements) => {
    if (!(error instanceof X402Rejection)) throw error;
    return paymentRequiredReply(offer, { code: 'PAYMENT_FAILED', reason: error.reason, message: error.message });
  };
  try {
    const payment = readX402Payment(request);
    if (!payment) return paymentRequiredReply(requirements);
    const accepted = await acceptX402Payment(db, payment, requirements);
    return reply(201, { paymentId: accepted.paymentId, payer: accepted.payer }, accepted.responseHeaders);
  } catch (error) {
    return refuse(error, requirements);
  }
});

/** A fetch whose every request goes to `handler` in-process, as Next.js would call it. */
function inProcessFetch(handler: RouteHandler, seen: Request[] = []): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push(request.clone());
    return handler(request, { params: Promise.resolve({}) });
  }) as typeof fetch;
}

const URL = 'http://localhost:3000/v1/x402-paid';
const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };

describe('x402 clients pay a route built on the module', () => {
  it('x402-fetch (v1): 402, then X-PAYMENT, then 201 with X-PAYMENT-RESPONSE', async () => {
    const account = newPayer();
    const wallet = createWalletClient({ account, chain: baseSepolia, transport: http() });
    const seen: Request[] = [];
    // x402 bundles its own viem types; the wallet is the same object at runtime.
    const signer = wallet as unknown as Parameters<typeof wrapFetchV1>[1];
    const pay = wrapFetchV1(inProcessFetch(paid, seen), signer, 100_000_000n);

    const res = await pay(URL, post);

    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({ data: { paymentId: expect.any(String), payer: account.address } });
    expect(seen.map((request) => request.headers.has('x-payment'))).toEqual([false, true]);
    const settlement = decodeXPaymentResponse(res.headers.get('x-payment-response') ?? '');
    expect(settlement).toMatchObject({ success: true, network: 'base-sepolia', payer: account.address });
    expect(await paymentRows(account.address)).toEqual([
      expect.objectContaining({ id: body.data.paymentId, status: 'settled', amountAtomic: '23000000' }),
    ]);

    // Replaying the header the client sent: refused, still one payment.
    const replay = await paid(new Request(URL, { ...post, headers: Object.fromEntries(seen[1]?.headers ?? []) }), {
      params: Promise.resolve({}),
    });
    expect(replay.status).toBe(402);
    expect((await replay.json()).error).toMatchObject({
      code: 'PAYMENT_FAILED',
      details: { reason: 'nonce_already_used' },
    });
    expect(await paymentRows(account.address)).toHaveLength(1);
  });

  it('@x402/fetch (v2 with @x402/evm exact): PAYMENT-REQUIRED, then PAYMENT-SIGNATURE, then 201 with PAYMENT-RESPONSE', async () => {
    const account = newPayer();
    // The default spend controls cap a payment at $1 on the USDC they know: raising the cap (rather than
    // turning the controls off) also checks that our asset is the USDC the client knows for Base Sepolia.
    const client = new x402Client()
      .register('eip155:84532', new ExactEvmScheme(account))
      .setSpendControls({ maxAmountPerPayment: '$100' });
    const seen: Request[] = [];
    const pay = wrapFetchV2(inProcessFetch(paid, seen), client);

    const res = await pay(URL, post);

    expect(res.status).toBe(201);
    expect(seen.map((request) => request.headers.has('payment-signature'))).toEqual([false, true]);
    const settlement = JSON.parse(Buffer.from(res.headers.get('payment-response') ?? '', 'base64').toString('utf8'));
    expect(settlement).toMatchObject({ success: true, network: 'eip155:84532', payer: account.address });
    expect(await paymentRows(account.address)).toEqual([expect.objectContaining({ status: 'settled' })]);
  });
});
