import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { checkLedgerInvariants } from '@/lib/payments/ledger/check-ledger-invariants';
import { withEnv } from '@/test/env';
import { balances } from '@/test/ledger';
import {
  base64Json,
  facilitatorStandIn,
  newPayer,
  paymentRow,
  paymentRows,
  requestWith,
  requirementsFor,
  signAuthorization,
  v1Payload,
  v2Payload,
} from '@/test/x402';
import {
  acceptX402Payment,
  readX402Payment,
  recordX402Receipt,
  type X402PaymentHeader,
  X402Rejection,
} from './accept-payment';
import { X402_NETWORKS } from './config';
import { toV2Requirements } from './requirements';

// acceptX402Payment against the real database, with authorizations signed by viem: what it accepts, what
// it refuses (and that a refusal leaves no claim), replays sequential and concurrent, and the facilitator.

const v1Header = (payload: unknown) => readX402Payment(requestWith({ 'X-Payment': base64Json(payload) }));
const v2Header = (payload: unknown) => readX402Payment(requestWith({ 'PAYMENT-SIGNATURE': base64Json(payload) }));
const decodeHeader = (value: string | undefined) => JSON.parse(Buffer.from(value ?? '', 'base64').toString('utf8'));

async function accept(payment: X402PaymentHeader | null, requirements = requirementsFor()) {
  if (!payment) throw new Error('no payment');
  const { db } = await getDatabase();
  return acceptX402Payment(db, payment, requirements);
}

async function rejection(promise: Promise<unknown>): Promise<X402Rejection> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(X402Rejection);
  return error as X402Rejection;
}

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

describe('acceptX402Payment without a facilitator (test mode)', () => {
  it('accepts a v1 payment: a settled row, a local transaction and the X-PAYMENT-RESPONSE header', async () => {
    const payer = newPayer();
    const requirements = requirementsFor(2_300);
    const signed = await signAuthorization(payer, requirements);

    const accepted = await accept(v1Header(v1Payload(requirements, signed)), requirements);

    expect(accepted).toEqual({
      paymentId: expect.any(String),
      payer: payer.address,
      network: 'base-sepolia',
      transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      responseHeaders: { 'X-PAYMENT-RESPONSE': expect.any(String) },
    });
    expect(decodeHeader(accepted.responseHeaders['X-PAYMENT-RESPONSE'])).toEqual({
      success: true,
      transaction: accepted.transaction,
      network: 'base-sepolia',
      payer: payer.address,
    });
    expect(await paymentRows(payer.address)).toEqual([
      expect.objectContaining({
        id: accepted.paymentId,
        network: 'base-sepolia',
        asset: X402_NETWORKS['base-sepolia'].usdc.address.toLowerCase(),
        payer: payer.address.toLowerCase(),
        nonce: signed.authorization.nonce.toLowerCase(),
        payTo: requirements.payTo.toLowerCase(),
        amountAtomic: '23000000',
        validBefore: new Date(Number(signed.authorization.validBefore) * 1000),
        status: 'settled',
        taskId: null,
        transaction: accepted.transaction,
      }),
    ]);
  });

  it('accepts a v2 payment (as @x402/fetch signs it: validAfter 0) with the PAYMENT-RESPONSE header', async () => {
    const payer = newPayer();
    const requirements = requirementsFor(1_150);
    const signed = await signAuthorization(payer, requirements, { validAfter: 0n });

    const accepted = await accept(v2Header(v2Payload(requirements, signed)), requirements);

    expect(Object.keys(accepted.responseHeaders)).toEqual(['PAYMENT-RESPONSE']);
    expect(decodeHeader(accepted.responseHeaders['PAYMENT-RESPONSE'])).toEqual({
      success: true,
      transaction: accepted.transaction,
      network: 'eip155:84532',
      payer: payer.address,
    });
    expect(await paymentRows(payer.address)).toEqual([
      expect.objectContaining({ status: 'settled', amountAtomic: '11500000', network: 'base-sepolia' }),
    ]);
  });

  it('takes the same payment once: the second time is nonce_already_used', async () => {
    const payer = newPayer();
    const requirements = requirementsFor();
    const signed = await signAuthorization(payer, requirements);
    const first = await accept(v1Header(v1Payload(requirements, signed)), requirements);

    const second = await rejection(accept(v1Header(v1Payload(requirements, signed)), requirements));
    expect(second.reason).toBe('nonce_already_used');
    // Nor through the other protocol version: the claim is the authorization itself.
    const asV2 = await rejection(accept(v2Header(v2Payload(requirements, signed)), requirements));
    expect(asV2.reason).toBe('nonce_already_used');
    expect(await paymentRows(payer.address)).toEqual([
      expect.objectContaining({ id: first.paymentId, status: 'settled' }),
    ]);
  });

  it('five concurrent uses of one payment: exactly one succeeds', async () => {
    const payer = newPayer();
    const requirements = requirementsFor();
    const signed = await signAuthorization(payer, requirements);

    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => accept(v1Header(v1Payload(requirements, signed)), requirements)),
    );

    const fulfilled = results.filter((result) => result.status === 'fulfilled');
    const rejected = results.filter((result) => result.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(4);
    for (const result of rejected) {
      expect(result.reason).toBeInstanceOf(X402Rejection);
      expect((result.reason as X402Rejection).reason).toBe('nonce_already_used');
    }
    expect(await paymentRows(payer.address)).toEqual([expect.objectContaining({ status: 'settled' })]);
  });

  it('two different authorizations of one payer are two payments', async () => {
    const payer = newPayer();
    const requirements = requirementsFor();
    await accept(v1Header(v1Payload(requirements, await signAuthorization(payer, requirements))), requirements);
    await accept(v1Header(v1Payload(requirements, await signAuthorization(payer, requirements))), requirements);
    expect(await paymentRows(payer.address)).toHaveLength(2);
  });

  const now = () => BigInt(Math.floor(Date.now() / 1000));
  const otherUsdc = X402_NETWORKS.base.usdc.address;

  it.each<[string, 1 | 2, Parameters<typeof signAuthorization>[2], string]>([
    ['a smaller amount', 1, { value: '22990000' }, 'invalid_exact_evm_payload_authorization_value'],
    ['a larger amount', 2, { value: '23010000' }, 'invalid_exact_evm_payload_authorization_value'],
    [
      'another payTo',
      1,
      { to: '0x1111111111111111111111111111111111111111' },
      'invalid_exact_evm_payload_recipient_mismatch',
    ],
    [
      'another payTo',
      2,
      { to: '0x1111111111111111111111111111111111111111' },
      'invalid_exact_evm_payload_recipient_mismatch',
    ],
    ['an expired validBefore', 1, { validBefore: now() - 10n }, 'invalid_exact_evm_payload_authorization_valid_before'],
    [
      'a validBefore under 15 s ahead',
      2,
      { validBefore: now() + 5n },
      'invalid_exact_evm_payload_authorization_valid_before',
    ],
    [
      'a validBefore an hour ahead',
      1,
      { validBefore: now() + 3600n },
      'invalid_exact_evm_payload_authorization_valid_before',
    ],
    ['a future validAfter', 1, { validAfter: now() + 120n }, 'invalid_exact_evm_payload_authorization_valid_after'],
    ['a signature by another key', 1, { signer: newPayer() }, 'invalid_exact_evm_payload_signature'],
    ['a signature by another key', 2, { signer: newPayer() }, 'invalid_exact_evm_payload_signature'],
    [
      'a signature for another token (v1 names no asset)',
      1,
      { verifyingContract: otherUsdc },
      'invalid_exact_evm_payload_signature',
    ],
    ['a signature for another chain', 1, { chainId: 8453 }, 'invalid_exact_evm_payload_signature'],
    [
      'the mainnet domain name "USD Coin" on Base Sepolia',
      2,
      { domainName: 'USD Coin' },
      'invalid_exact_evm_payload_signature',
    ],
  ])('refuses %s (v%i) and leaves no claim', async (_label, version, overrides, reason) => {
    const payer = newPayer();
    const requirements = requirementsFor();
    const signed = await signAuthorization(payer, requirements, overrides);
    const payload = version === 1 ? v1Payload(requirements, signed) : v2Payload(requirements, signed);

    const refused = await rejection(accept(version === 1 ? v1Header(payload) : v2Header(payload), requirements));

    expect(refused.reason).toBe(reason);
    expect(refused.message.length).toBeGreaterThan(10);
    expect(await paymentRows(payer.address)).toEqual([]);
  });

  it.each<[string, (accepted: ReturnType<typeof toV2Requirements>) => Record<string, unknown>, string]>([
    ['another network', (accepted) => ({ ...accepted, network: 'eip155:8453' }), 'invalid_network'],
    ['an unknown network', (accepted) => ({ ...accepted, network: 'solana:mainnet' }), 'invalid_network'],
    ['another asset', (accepted) => ({ ...accepted, asset: otherUsdc }), 'invalid_payment_requirements'],
    ['another scheme', (accepted) => ({ ...accepted, scheme: 'upto' }), 'invalid_scheme'],
    ['another amount', (accepted) => ({ ...accepted, amount: '1' }), 'invalid_exact_evm_payload_authorization_value'],
    ['a longer timeout', (accepted) => ({ ...accepted, maxTimeoutSeconds: 3600 }), 'invalid_payment_requirements'],
    [
      'an extra field',
      (accepted) => ({ ...accepted, extra: { ...accepted.extra, assetTransferMethod: 'permit2' } }),
      'invalid_payment_requirements',
    ],
  ])('refuses a v2 `accepted` with %s and leaves no claim', async (_label, change, reason) => {
    const payer = newPayer();
    const requirements = requirementsFor();
    const signed = await signAuthorization(payer, requirements);

    const refused = await rejection(
      accept(v2Header(v2Payload(requirements, signed, change(toV2Requirements(requirements)))), requirements),
    );

    expect(refused.reason).toBe(reason);
    expect(await paymentRows(payer.address)).toEqual([]);
  });

  it('accepts a v2 `accepted` whose addresses differ only in case', async () => {
    const requirements = requirementsFor();
    const payer = newPayer();
    const signed = await signAuthorization(payer, requirements);
    const accepted = { ...toV2Requirements(requirements), asset: requirements.asset.toLowerCase() };
    await accept(v2Header(v2Payload(requirements, signed, accepted)), requirements);
    expect(await paymentRows(payer.address)).toHaveLength(1);
  });

  it('refuses a v2 payment for another resource, and a v1 payment on another network or scheme', async () => {
    const requirements = requirementsFor();
    const payer = newPayer();
    const signed = await signAuthorization(payer, requirements);
    const elsewhere = { ...v2Payload(requirements, signed), resource: { url: 'http://localhost:3000/v1/other' } };
    expect((await rejection(accept(v2Header(elsewhere), requirements))).reason).toBe('invalid_payment_requirements');
    const onBase = v1Payload(requirements, signed, 'base');
    expect((await rejection(accept(v1Header(onBase), requirements))).reason).toBe('invalid_network');
    const upto = { ...v1Payload(requirements, signed), scheme: 'upto' };
    expect((await rejection(accept(v1Header(upto), requirements))).reason).toBe('invalid_scheme');
    expect(await paymentRows(payer.address)).toEqual([]);

    // None of those claimed the authorization: sent correctly, it still pays.
    await accept(v1Header(v1Payload(requirements, signed)), requirements);
    expect(await paymentRows(payer.address)).toHaveLength(1);
  });

  it('on Base mainnet the token domain is "USD Coin" and the network eip155:8453', async () => {
    await withEnv({ X402_NETWORK: 'base' }, async () => {
      const requirements = requirementsFor(500);
      expect(requirements).toMatchObject({
        network: 'base',
        asset: X402_NETWORKS.base.usdc.address,
        extra: { name: 'USD Coin', version: '2' },
      });
      const payer = newPayer();
      const signed = await signAuthorization(payer, requirements);
      const accepted = await accept(v2Header(v2Payload(requirements, signed)), requirements);
      expect(decodeHeader(accepted.responseHeaders['PAYMENT-RESPONSE'])).toMatchObject({ network: 'eip155:8453' });
      expect(await paymentRows(payer.address)).toEqual([
        expect.objectContaining({ network: 'base', status: 'settled' }),
      ]);
    });
  });
});

describe('acceptX402Payment with a facilitator', () => {
  const valid = (payer: string) => ({ status: 200, json: { isValid: true, payer } });
  const settledTx = `0x${'ab'.repeat(32)}`;
  const settled = (payer: string) => ({
    status: 200,
    json: { success: true, transaction: settledTx, network: 'base-sepolia', payer },
  });

  it('v1: POSTs /verify then /settle with the exact bodies and stores the settlement transaction', async () => {
    const payer = newPayer();
    const requirements = requirementsFor();
    const signed = await signAuthorization(payer, requirements);
    const payload = v1Payload(requirements, signed);
    const facilitator = await facilitatorStandIn((path) =>
      path === '/verify' ? valid(payer.address) : settled(payer.address),
    );
    try {
      const accepted = await withEnv({ X402_FACILITATOR_URL: `${facilitator.url}/` }, () =>
        accept(v1Header(payload), requirements),
      );
      const expectedBody = { x402Version: 1, paymentPayload: payload, paymentRequirements: requirements };
      expect(facilitator.calls).toEqual([
        { path: '/verify', body: expectedBody },
        { path: '/settle', body: expectedBody },
      ]);
      expect(accepted.transaction).toBe(settledTx);
      expect(decodeHeader(accepted.responseHeaders['X-PAYMENT-RESPONSE'])).toEqual({
        success: true,
        transaction: settledTx,
        network: 'base-sepolia',
        payer: payer.address,
      });
      expect(await paymentRows(payer.address)).toEqual([
        expect.objectContaining({ status: 'settled', transaction: settledTx }),
      ]);
    } finally {
      await facilitator.close();
    }
  });

  it('v2: the bodies carry the v2 payload and the v2 requirements', async () => {
    const payer = newPayer();
    const requirements = requirementsFor();
    const signed = await signAuthorization(payer, requirements);
    const payload = v2Payload(requirements, signed);
    const facilitator = await facilitatorStandIn((path) =>
      path === '/verify' ? valid(payer.address) : settled(payer.address),
    );
    try {
      await withEnv({ X402_FACILITATOR_URL: facilitator.url }, () => accept(v2Header(payload), requirements));
      const expectedBody = {
        x402Version: 2,
        paymentPayload: payload,
        paymentRequirements: toV2Requirements(requirements),
      };
      expect(facilitator.calls).toEqual([
        { path: '/verify', body: expectedBody },
        { path: '/settle', body: expectedBody },
      ]);
    } finally {
      await facilitator.close();
    }
  });

  it('a verify rejection releases the claim (the fixed retry pays) and never settles', async () => {
    const payer = newPayer();
    const requirements = requirementsFor();
    const signed = await signAuthorization(payer, requirements);
    let funded = false;
    const facilitator = await facilitatorStandIn((path) => {
      if (path === '/settle') return settled(payer.address);
      return funded
        ? valid(payer.address)
        : { status: 400, json: { isValid: false, invalidReason: 'insufficient_funds', payer: payer.address } };
    });
    try {
      await withEnv({ X402_FACILITATOR_URL: facilitator.url }, async () => {
        const refused = await rejection(accept(v1Header(v1Payload(requirements, signed)), requirements));
        expect(refused.reason).toBe('insufficient_funds');
        expect(facilitator.calls.map((call) => call.path)).toEqual(['/verify']);
        expect(await paymentRows(payer.address)).toEqual([]);

        funded = true;
        await accept(v1Header(v1Payload(requirements, signed)), requirements);
        expect(await paymentRows(payer.address)).toEqual([expect.objectContaining({ status: 'settled' })]);
      });
    } finally {
      await facilitator.close();
    }
  });

  it('a verify timeout keeps the claim: the same authorization cannot be sent again', async () => {
    const payer = newPayer();
    const requirements = requirementsFor();
    const signed = await signAuthorization(payer, requirements);
    const facilitator = await facilitatorStandIn(() => 'hang');
    try {
      await withEnv({ X402_FACILITATOR_URL: facilitator.url }, async () => {
        const { db } = await getDatabase();
        const payment = v1Header(v1Payload(requirements, signed));
        if (!payment) throw new Error('no payment');
        const started = performance.now();
        const refused = await rejection(acceptX402Payment(db, payment, requirements, { facilitatorTimeoutMs: 300 }));
        expect(performance.now() - started).toBeLessThan(5_000);
        expect(refused.reason).toBe('unexpected_verify_error');
        expect(await paymentRow(payer.address, signed.authorization.nonce)).toMatchObject({ status: 'claimed' });

        const again = await rejection(acceptX402Payment(db, payment, requirements, { facilitatorTimeoutMs: 300 }));
        expect(again.reason).toBe('nonce_already_used');
      });
    } finally {
      await facilitator.close();
    }
  });

  it('a 5xx without a verdict is not a rejection: the claim stays', async () => {
    const payer = newPayer();
    const requirements = requirementsFor();
    const signed = await signAuthorization(payer, requirements);
    const facilitator = await facilitatorStandIn(() => ({ status: 502, json: { message: 'bad gateway' } }));
    try {
      await withEnv({ X402_FACILITATOR_URL: facilitator.url }, async () => {
        const refused = await rejection(accept(v1Header(v1Payload(requirements, signed)), requirements));
        expect(refused.reason).toBe('unexpected_verify_error');
        expect(await paymentRows(payer.address)).toEqual([expect.objectContaining({ status: 'claimed' })]);
      });
    } finally {
      await facilitator.close();
    }
  });

  it('a failed settlement keeps the claim and names the reason', async () => {
    const payer = newPayer();
    const requirements = requirementsFor();
    const signed = await signAuthorization(payer, requirements);
    const facilitator = await facilitatorStandIn((path) =>
      path === '/verify'
        ? valid(payer.address)
        : {
            status: 200,
            json: {
              success: false,
              errorReason: 'invalid_transaction_state',
              transaction: '',
              network: 'base-sepolia',
            },
          },
    );
    try {
      await withEnv({ X402_FACILITATOR_URL: facilitator.url }, async () => {
        const refused = await rejection(accept(v1Header(v1Payload(requirements, signed)), requirements));
        expect(refused.reason).toBe('invalid_transaction_state');
        expect(await paymentRows(payer.address)).toEqual([
          expect.objectContaining({ status: 'claimed', transaction: null }),
        ]);
      });
    } finally {
      await facilitator.close();
    }
  });

  it('an offline refusal never reaches the facilitator', async () => {
    const payer = newPayer();
    const requirements = requirementsFor();
    const signed = await signAuthorization(payer, requirements, { signer: newPayer() });
    const facilitator = await facilitatorStandIn(() => valid(payer.address));
    try {
      await withEnv({ X402_FACILITATOR_URL: facilitator.url }, async () => {
        await rejection(accept(v1Header(v1Payload(requirements, signed)), requirements));
      });
      expect(facilitator.calls).toEqual([]);
    } finally {
      await facilitator.close();
    }
  });
});

describe('recordX402Receipt', () => {
  it('links the payment to the task and moves the amount into its escrow, once', async () => {
    const payer = newPayer();
    const requirements = requirementsFor(2_300);
    const accepted = await accept(
      v1Header(v1Payload(requirements, await signAuthorization(payer, requirements))),
      requirements,
    );
    const taskId = randomUUID();
    const userId = randomUUID();
    const database = await getDatabase();
    const escrow = ledgerAccount.escrow('test', taskId);
    const before = await balances([ledgerAccount.x402Receipts('test')]);

    const input = { paymentId: accepted.paymentId, taskId, userId, amountCents: 2_300, livemode: false };
    const first = await database.db.transaction((tx) => recordX402Receipt(tx, input));
    // Again (a retry): the same ledger transaction, no second movement.
    const second = await recordX402Receipt(database.db, input);

    expect(second.ledgerTransactionId).toBe(first.ledgerTransactionId);
    expect(await balances([escrow])).toEqual({ [escrow]: 2_300 });
    const after = await balances([ledgerAccount.x402Receipts('test')]);
    expect(after[ledgerAccount.x402Receipts('test')]).toBeLessThanOrEqual(
      (before[ledgerAccount.x402Receipts('test')] ?? 0) - 2_300,
    );
    expect(await paymentRows(payer.address)).toEqual([expect.objectContaining({ taskId, status: 'settled' })]);
    expect(await checkLedgerInvariants(database)).toEqual([]);
  });

  it('refuses a payment already linked to another task, or an amount that is not the payment', async () => {
    const payer = newPayer();
    const requirements = requirementsFor(1_000);
    const accepted = await accept(
      v1Header(v1Payload(requirements, await signAuthorization(payer, requirements))),
      requirements,
    );
    const { db } = await getDatabase();
    const userId = randomUUID();
    await expect(
      recordX402Receipt(db, {
        paymentId: accepted.paymentId,
        taskId: randomUUID(),
        userId,
        amountCents: 999,
        livemode: false,
      }),
    ).rejects.toThrow(/not 999 cents/);
    const taskId = randomUUID();
    await recordX402Receipt(db, { paymentId: accepted.paymentId, taskId, userId, amountCents: 1_000, livemode: false });
    await expect(
      recordX402Receipt(db, {
        paymentId: accepted.paymentId,
        taskId: randomUUID(),
        userId,
        amountCents: 1_000,
        livemode: false,
      }),
    ).rejects.toThrow(/already paid for another task/);
    expect(await balances([ledgerAccount.escrow('test', taskId)])).toEqual({
      [ledgerAccount.escrow('test', taskId)]: 1_000,
    });
  });
});
