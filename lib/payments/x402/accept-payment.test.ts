import { describe, expect, it } from 'vitest';
import { withEnv } from '@/test/env';
import {
  accept,
  decodeHeader,
  newPayer,
  paymentRows,
  rejection,
  requirementsFor,
  signAuthorization,
  v1Header,
  v1Payload,
  v2Header,
  v2Payload,
} from '@/test/x402';
import { X402Rejection } from './accept-payment';
import { X402_NETWORKS } from './config';
import { toV2Requirements } from './requirements';

// acceptX402Payment against the real database, with authorizations signed by viem: what it accepts, what
// it refuses (and that a refusal leaves no claim), replays sequential and concurrent. The facilitator path is in
// facilitator.test.ts, header decoding in payment-header.test.ts, the ledger receipt in record-receipt.test.ts.

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
