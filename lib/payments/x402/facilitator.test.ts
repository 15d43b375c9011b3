import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { withEnv } from '@/test/env';
import {
  accept,
  decodeHeader,
  facilitatorStandIn,
  newPayer,
  paymentRow,
  paymentRows,
  rejection,
  requirementsFor,
  signAuthorization,
  v1Header,
  v1Payload,
  v2Header,
  v2Payload,
} from '@/test/x402';
import { acceptX402Payment } from './accept-payment';
import { toV2Requirements } from './requirements';

// acceptX402Payment with X402_FACILITATOR_URL: the exact verify/settle bodies, and which answers keep the claim.

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
