import { describe, expect, it } from 'vitest';
import { accept, newPayer, requestWith, requirementsFor } from '@/test/x402';
import { readX402Payment } from '../payments/x402/accept-payment';
import { createLegworkClient, type X402PaymentRequest, type X402Signer } from './index';
import { envelope, failure, type ScriptedAnswer, serve } from './test-stand-in';
import { x402SignerFromAccount } from './x402-signer';

// 402 handling: paid once through the signer, with the same Idempotency-Key; without a signer the offer
// comes back in the error. The viem signer's payments are checked by the app's own x402 verifier.

const offer = requirementsFor(2_300);
const PAYMENT_REQUIRED_HEADER = btoa(JSON.stringify({ x402Version: 2, accepts: [{ scheme: 'exact', amount: '1' }] }));
const paymentRequired: ScriptedAnswer = {
  status: 402,
  json: {
    ...envelope('PAYMENT_REQUIRED', 'No card. Pay with x402 instead.', 'Pay with x402.', { reason: 'no_card' }),
    x402Version: 1,
    accepts: [offer],
  },
  headers: { 'PAYMENT-REQUIRED': PAYMENT_REQUIRED_HEADER },
};
const created: ScriptedAnswer = { status: 201, json: { data: { id: 'task-1', status: 'posted' } } };
const task = { title: 'Pick up a parcel', budgetCents: 2_000 };

function recordingSigner(value = 'cGFpZA==') {
  const calls: X402PaymentRequest[] = [];
  const signer: X402Signer = async (request) => {
    calls.push(request);
    return { header: 'X-Payment', value };
  };
  return { signer, calls };
}

describe('402 with a signer', () => {
  it('pays the offer once and retries with the payment header and the same Idempotency-Key', async () => {
    const server = await serve([paymentRequired, created]);
    const { signer, calls } = recordingSigner();
    const client = createLegworkClient({ baseUrl: server.baseUrl, apiKey: 'k', x402Signer: signer });

    expect(await client.POST('/v1/tasks', { body: task })).toEqual({ data: { id: 'task-1', status: 'posted' } });

    expect(calls).toEqual([{ x402Version: 1, accepts: [offer], paymentRequiredHeader: PAYMENT_REQUIRED_HEADER }]);
    const [first, paid] = server.received;
    expect(first?.headers['x-payment']).toBeUndefined();
    expect(paid?.headers['x-payment']).toBe('cGFpZA==');
    expect(paid?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(paid?.body).toBe(first?.body);
  });

  it('does not pay twice: a refused payment throws the 402 PAYMENT_FAILED', async () => {
    const refused: ScriptedAnswer = {
      status: 402,
      json: {
        ...envelope('PAYMENT_FAILED', 'Bad signature', 'Fix details.reason.', { reason: 'invalid_signature' }),
        x402Version: 1,
        accepts: [offer],
      },
    };
    const server = await serve([paymentRequired, refused, created]);
    const { signer, calls } = recordingSigner();
    const client = createLegworkClient({ baseUrl: server.baseUrl, x402Signer: signer });

    const error = await failure(client.POST('/v1/tasks', { body: task }));

    expect(error).toMatchObject({ status: 402, code: 'PAYMENT_FAILED', message: 'Bad signature' });
    expect(error.details).toEqual({ reason: 'invalid_signature', x402Version: 1, accepts: [offer] });
    expect(calls).toHaveLength(1);
    expect(server.received).toHaveLength(2);
  });

  it('answers an offer made only in the x402 v2 PAYMENT-REQUIRED header', async () => {
    const v2Offer = { scheme: 'exact', network: 'eip155:84532', amount: '23000000' };
    const header = btoa(JSON.stringify({ x402Version: 2, error: 'Payment required', accepts: [v2Offer] }));
    const server = await serve([{ status: 402, json: {}, headers: { 'PAYMENT-REQUIRED': header } }, created]);
    const { signer, calls } = recordingSigner();
    const client = createLegworkClient({ baseUrl: server.baseUrl, x402Signer: signer });

    await client.POST('/v1/tasks', { body: task });

    expect(calls).toEqual([{ x402Version: 2, accepts: [v2Offer], paymentRequiredHeader: header }]);
  });

  it('a signer that refuses: the 402 as a LegworkApiError saying why, nothing resent', async () => {
    const server = await serve([paymentRequired, created]);
    const client = createLegworkClient({
      baseUrl: server.baseUrl,
      x402Signer: async () => {
        throw new Error('over budget');
      },
    });

    const error = await failure(client.POST('/v1/tasks', { body: task }));

    expect(error).toMatchObject({ status: 402, code: 'PAYMENT_REQUIRED' });
    expect(error.message).toBe('The x402 signer did not pay: over budget');
    expect(server.received).toHaveLength(1);
  });
});

describe('a request that carries its own payment', () => {
  it('gets its refusal back: the signer does not pay instead, and the v2 offer comes decoded', async () => {
    const refused: ScriptedAnswer = {
      status: 402,
      json: { ...envelope('PAYMENT_FAILED', 'Used', 'Sign anew.', { reason: 'nonce_already_used' }), accepts: [offer] },
      headers: { 'PAYMENT-REQUIRED': PAYMENT_REQUIRED_HEADER },
    };
    const server = await serve([refused, created]);
    const { signer, calls } = recordingSigner();
    const client = createLegworkClient({ baseUrl: server.baseUrl, x402Signer: signer });

    const error = await failure(client.POST('/v1/tasks', { body: task, headers: { 'PAYMENT-SIGNATURE': 'dXNlZA==' } }));

    expect(error).toMatchObject({ status: 402, code: 'PAYMENT_FAILED' });
    expect(error.paymentRequired).toEqual({ x402Version: 2, accepts: [{ scheme: 'exact', amount: '1' }] });
    expect(calls).toEqual([]);
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.headers['payment-signature']).toBe('dXNlZA==');
  });

  it('hands the 2xx answer’s headers to onHeaders (its PAYMENT-RESPONSE)', async () => {
    const settled = btoa(JSON.stringify({ success: true, transaction: '0xab' }));
    const server = await serve([{ ...created, headers: { 'PAYMENT-RESPONSE': settled } }]);
    const client = createLegworkClient({ baseUrl: server.baseUrl });
    let seen: string | null = null;

    await client.POST('/v1/tasks', { body: task, onHeaders: (headers) => (seen = headers.get('payment-response')) });

    expect(seen).toBe(settled);
  });
});

describe('402 without a signer', () => {
  it('throws PAYMENT_REQUIRED with the offer (x402Version, accepts) in details', async () => {
    const server = await serve([paymentRequired, created]);
    const client = createLegworkClient({ baseUrl: server.baseUrl });

    const error = await failure(client.POST('/v1/tasks', { body: task }));

    expect(error).toMatchObject({
      status: 402,
      code: 'PAYMENT_REQUIRED',
      message: 'No card. Pay with x402 instead.',
      hint: 'Pay with x402.',
      details: { reason: 'no_card', x402Version: 1, accepts: [offer] },
    });
    expect(server.received).toHaveLength(1);
  });
});

describe('x402SignerFromAccount', () => {
  it('signs an X-Payment the app’s verifier accepts and settles', async () => {
    const payer = newPayer();
    const signer = x402SignerFromAccount(payer, { maxAmountAtomic: 100_000_000n });

    const { header, value } = await signer({ x402Version: 1, accepts: [offer] });

    expect(header).toBe('X-Payment');
    expect(await accept(readX402Payment(requestWith({ [header]: value })), offer)).toMatchObject({
      payer: payer.address,
    });
  });

  it('refuses an offer above its limit, and an offer it cannot pay', async () => {
    const signer = x402SignerFromAccount(newPayer(), { maxAmountAtomic: 1_000_000n });

    await expect(signer({ x402Version: 1, accepts: [offer] })).rejects.toThrow(/above this signer's limit/);
    await expect(signer({ x402Version: 1, accepts: [{ ...offer, scheme: 'upto' }] })).rejects.toThrow(/no offer/);
  });
});
