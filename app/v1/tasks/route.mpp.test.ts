import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { charges, mppPayments, tasks } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { listTestSharedPaymentTokens } from '@/lib/payments/test-mode/shared-payment-tokens';
import { insertApiKey } from '@/test/factories';
import { call } from '@/test/http';
import { balances } from '@/test/ledger';
import { decodeB64urlJson, mintToken, parseChallenge, paymentCredential } from '@/test/mpp';
import { taskParties } from '@/test/tasks';
import { POST } from './route';

// POST /v1/tasks paid with MPP: the 402 carries `WWW-Authenticate: Payment` beside x402's offer, and the retry
// sends the API key and the Payment credential (a test-mode Shared Payment Token) in one Authorization header.
// The agent's operator has no card, so without a payment the agent gets the 402.

const TASK = { title: 'Photograph the storefront at 12 Main St', budgetCents: 2_000 };
const TOTAL_CENTS = 2_300;

async function payingAgent() {
  const parties = await taskParties();
  const { db } = await getDatabase();
  const { key } = await insertApiKey(db, { userId: parties.agent.id, mode: 'test', scopes: [...SCOPES] });
  return { id: parties.agent.id, key };
}

const post = (authorization: string) => call(POST, '/v1/tasks', { headers: { authorization }, body: TASK });

async function challengeFor(key: string) {
  const res = await post(`Bearer ${key}`);
  expect(res.status, res.text).toBe(402);
  return parseChallenge(res.headers.get('www-authenticate'));
}

async function tasksOf(requesterId: string) {
  const { db } = await getDatabase();
  return db.select().from(tasks).where(eq(tasks.requesterId, requesterId));
}

describe('POST /v1/tasks paid with MPP (Shared Payment Token)', () => {
  it('402 offers x402 and MPP for the same total: WWW-Authenticate Payment, method stripe, intent charge', async () => {
    const agent = await payingAgent();
    const res = await post(`Bearer ${agent.key}`);
    expect(res.status).toBe(402);
    expect(res.json.accepts[0].maxAmountRequired).toBe(String(TOTAL_CENTS * 10_000));
    expect(res.headers.get('cache-control')).toBe('no-store');
    const challenge = parseChallenge(res.headers.get('www-authenticate'));
    expect(challenge).toMatchObject({ method: 'stripe', intent: 'charge', realm: 'localhost:3000' });
    expect(challenge.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(challenge.expires ?? '')).toBeGreaterThan(Date.now());
    expect(decodeB64urlJson(challenge.request ?? '')).toEqual({
      amount: String(TOTAL_CENTS),
      currency: 'usd',
      description: `Legwork task: ${TASK.title}`,
      methodDetails: { networkId: 'profile_test_legwork', paymentMethodTypes: ['card'] },
    });
    expect(await tasksOf(agent.id)).toEqual([]);
  });

  it('an SPT funds the task: 201 posted, Payment-Receipt, charge into escrow; the same token again is refused', async () => {
    const agent = await payingAgent();
    const spt = await mintToken({ maxAmountCents: TOTAL_CENTS });
    const challenge = await challengeFor(agent.key);
    const res = await post(`Bearer ${agent.key}, ${paymentCredential(challenge, spt, 'order-7')}`);
    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toMatchObject({ status: 'posted', fundingSource: 'mpp', totalCents: TOTAL_CENTS });

    const receipt = decodeB64urlJson(res.headers.get('payment-receipt') ?? '');
    expect(receipt).toMatchObject({ method: 'stripe', status: 'success', externalId: 'order-7' });
    expect(receipt.reference).toMatch(/^pi_test_/);
    expect(Date.parse(receipt.timestamp)).not.toBeNaN();

    const { db } = await getDatabase();
    const taskId = res.json.data.id as string;
    const [charge] = await db.select().from(charges).where(eq(charges.taskId, taskId));
    expect(charge).toMatchObject({ status: 'succeeded', amountCents: TOTAL_CENTS, processorId: receipt.reference });
    expect(await db.select().from(mppPayments).where(eq(mppPayments.taskId, taskId))).toEqual([
      expect.objectContaining({ token: spt, processorId: receipt.reference, amountCents: TOTAL_CENTS }),
    ]);
    const escrow = ledgerAccount.escrow('test', taskId);
    const funding = ledgerAccount.requesterFunding('test', agent.id);
    expect(await balances([escrow, funding])).toEqual({ [escrow]: TOTAL_CENTS, [funding]: -TOTAL_CENTS });
    const [listed] = (await listTestSharedPaymentTokens(db)).filter((token) => token.id === spt);
    expect(listed?.state).toBe('used');

    // The same token, answering a fresh challenge: refused, nothing posted or charged.
    const again = await post(`Bearer ${agent.key}, ${paymentCredential(await challengeFor(agent.key), spt)}`);
    expect(again.status, again.text).toBe(402);
    expect(again.json.error).toMatchObject({ code: 'PAYMENT_FAILED', details: { reason: 'verification-failed' } });
    expect(again.headers.get('www-authenticate')).toMatch(/^Payment id="/);
    expect(again.headers.get('payment-receipt')).toBeNull();
    expect(await tasksOf(agent.id)).toHaveLength(1);

    // The same challenge answered twice (a new token): the challenge pays once.
    const replay = await post(`Bearer ${agent.key}, ${paymentCredential(challenge, await mintToken())}`);
    expect(replay.json.error?.details?.reason).toBe('verification-failed');
    expect(await tasksOf(agent.id)).toHaveLength(1);
  });

  it.each([
    ['too small for the total', { maxAmountCents: TOTAL_CENTS - 1 }, 'payment-insufficient'],
    ['expired', { maxAmountCents: TOTAL_CENTS, expiresInSeconds: -1 }, 'payment-expired'],
    [
      'granted to another seller',
      { maxAmountCents: TOTAL_CENTS, networkId: 'profile_test_other' },
      'verification-failed',
    ],
  ])('an SPT %s is 402 PAYMENT_FAILED, nothing posted or charged, the token still unused', async (_, token, reason) => {
    const agent = await payingAgent();
    const spt = await mintToken(token);
    const res = await post(`Bearer ${agent.key}, ${paymentCredential(await challengeFor(agent.key), spt)}`);
    expect(res.status, res.text).toBe(402);
    expect(res.json.error).toMatchObject({ code: 'PAYMENT_FAILED', details: { reason } });
    expect(res.json.accepts).toHaveLength(1);
    expect(parseChallenge(res.headers.get('www-authenticate')).method).toBe('stripe');
    expect(await tasksOf(agent.id)).toEqual([]);
    const { db } = await getDatabase();
    expect(await db.select().from(mppPayments).where(eq(mppPayments.token, spt))).toEqual([]);
  });

  it('a malformed, tampered, foreign or wrong-amount credential is refused before any token is touched', async () => {
    const agent = await payingAgent();
    const other = await payingAgent();
    const spt = await mintToken();
    const challenge = await challengeFor(agent.key);
    const reasonOf = async (authorization: string) => {
      const res = await post(authorization);
      expect(res.status, res.text).toBe(402);
      return res.json.error.details.reason;
    };
    expect(await reasonOf(`Bearer ${agent.key}, Payment not_json`)).toBe('malformed-credential');
    expect(await reasonOf(`Bearer ${agent.key}, Payment ${Buffer.from('{"a":1}').toString('base64url')}`)).toBe(
      'malformed-credential',
    );
    const cheaper = Buffer.from(JSON.stringify({ amount: '100', currency: 'usd' })).toString('base64url');
    expect(await reasonOf(`Bearer ${agent.key}, ${paymentCredential({ ...challenge, request: cheaper }, spt)}`)).toBe(
      'invalid-challenge',
    );
    // Another caller's challenge does not pay for this one.
    expect(await reasonOf(`Bearer ${other.key}, ${paymentCredential(challenge, spt)}`)).toBe('invalid-challenge');
    expect(await tasksOf(agent.id)).toEqual([]);
    expect(await tasksOf(other.id)).toEqual([]);
  });

  it('a Payment credential without the API key is 401: it pays, it does not say who is calling', async () => {
    const agent = await payingAgent();
    const res = await post(paymentCredential(await challengeFor(agent.key), await mintToken()));
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('UNAUTHORIZED');
    expect(res.json.error.hint).toContain('Bearer lgw_');
  });
});
