import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { users } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import { env } from '@/lib/env';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { X402_MAX_TIMEOUT_SECONDS, X402_NETWORKS, x402Config } from '@/lib/payments/x402/config';
import { X402_PAYMENT_HINT } from '@/lib/payments/x402/requirements';
import { insertApiKey, insertUser } from '@/test/factories';
import { call } from '@/test/http';
import { addCard, chargeRows, escrowBalance, ledgerBalance, withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { countTasksOf, taskBody } from '@/test/tasks';
import { POST as createTask, GET as listTasks } from './route';

withoutStripe();

/** A human with a session, holding `card` (none for null), operating one agent (test key, all scopes). */
async function operatorWithAgent(card: string | null, spendingLimitCents: number | null = null) {
  const { db } = await getDatabase();
  const operator = await signUpViaApi('operator');
  if (card) await addCard({ id: operator.userId, email: null }, card);
  const agent = await insertUser(db, {
    type: 'agent',
    ownerId: operator.userId,
    email: null,
    name: 'Scout',
    spendingLimitCents,
  });
  const { key } = await insertApiKey(db, { userId: agent.id, mode: 'test', scopes: [...SCOPES] });
  return { operator: { id: operator.userId, token: operator.token }, agent: { id: agent.id, token: key } };
}

const create = (token: string, body = taskBody()) => call(createTask, '/v1/tasks', { token, body });

describe('POST /v1/tasks — funding by card', () => {
  it('a human without a card: 402 PAYMENT_REQUIRED, and no task is kept', async () => {
    const human = await signUpViaApi('cardless');
    const res = await create(human.token);
    expect(res.status, res.text).toBe(402);
    expect(res.json.error).toMatchObject({ code: 'PAYMENT_REQUIRED', message: 'No card on file' });
    expect(res.json).not.toHaveProperty('accepts');
    expect(await countTasksOf(human.userId)).toBe(0);
  });

  it('a card the processor declines: 402 PAYMENT_FAILED, and no task is kept', async () => {
    const human = await signUpViaApi('declined');
    await addCard({ id: human.userId, email: null }, '4000 0000 0000 9995');
    const res = await create(human.token);
    expect(res.status, res.text).toBe(402);
    expect(res.json.error.code).toBe('PAYMENT_FAILED');
    expect(await countTasksOf(human.userId)).toBe(0);
    expect(await ledgerBalance(ledgerAccount.requesterFunding('test', human.userId))).toBe(0);
  });

  it('an agent whose operator has a card, within its spending limit: 201, charged to the operator', async () => {
    const { operator, agent } = await operatorWithAgent('4242 4242 4242 4242', 5_000);
    const res = await create(agent.token);
    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toMatchObject({ status: 'posted', fundingSource: 'card', requesterId: agent.id });
    expect(await escrowBalance(res.json.data.id)).toBe(2_300);
    const [charge] = await chargeRows(res.json.data.id);
    expect(charge).toMatchObject({ userId: operator.id, amountCents: 2_300, status: 'succeeded' });
    expect(await ledgerBalance(ledgerAccount.requesterFunding('test', operator.id))).toBe(-2_300);
  });

  it('an agent over its spending limit: 402 with the spec envelope, the x402 offer and the v2 header', async () => {
    const { agent } = await operatorWithAgent('4242 4242 4242 4242', 2_000);
    const body = taskBody();
    const res = await create(agent.token, body);
    expect(res.status, res.text).toBe(402);

    const { usdc } = X402_NETWORKS[x402Config().network];
    const offer = {
      scheme: 'exact',
      network: x402Config().network,
      maxAmountRequired: '23000000', // 2,300 cents in USDC atomic units (6 decimals)
      resource: new URL('/v1/tasks', env().SITE_URL).toString(),
      description: `Legwork task: ${body.title}`,
      mimeType: 'application/json',
      payTo: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      maxTimeoutSeconds: X402_MAX_TIMEOUT_SECONDS,
      asset: usdc.address,
      extra: { name: usdc.name, version: usdc.version },
    };
    expect(res.json).toEqual({
      error: {
        code: 'PAYMENT_REQUIRED',
        message: 'The agent’s spending limit leaves 2000 cents. Pay with x402 instead.',
        hint: `The total is over the agent’s remaining \`spendingLimitCents\` on its operator’s card (the operator can raise it). ${X402_PAYMENT_HINT}`,
        details: { reason: 'spending_limit_exceeded' },
      },
      x402Version: 1,
      accepts: [offer],
    });
    expect(res.json.error.hint).toMatch(/X-Payment/);

    const header = res.headers.get('PAYMENT-REQUIRED');
    expect(header).toBeTruthy();
    const v2 = JSON.parse(Buffer.from(header ?? '', 'base64').toString('utf8'));
    expect(v2).toMatchObject({
      x402Version: 2,
      resource: { url: offer.resource },
      accepts: [
        {
          scheme: 'exact',
          network: X402_NETWORKS[x402Config().network].caip2,
          amount: '23000000',
          payTo: res.json.accepts[0].payTo,
          asset: usdc.address,
        },
      ],
    });
    expect(await countTasksOf(agent.id)).toBe(0);
  });

  it('an agent whose operator has no card: 402 with the x402 offer (reason no_card)', async () => {
    const { agent } = await operatorWithAgent(null);
    const res = await create(agent.token);
    expect(res.status, res.text).toBe(402);
    expect(res.json).toMatchObject({
      error: {
        code: 'PAYMENT_REQUIRED',
        hint: `Your operator has no card on file to charge. ${X402_PAYMENT_HINT}`,
        details: { reason: 'no_card' },
      },
      x402Version: 1,
      accepts: [{ maxAmountRequired: '23000000' }],
    });
    expect(await countTasksOf(agent.id)).toBe(0);
  });

  it('concurrent creations by one agent never exceed its limit together', async () => {
    const { operator, agent } = await operatorWithAgent('4242 4242 4242 4242', 3_000);
    const results = await Promise.all([create(agent.token), create(agent.token), create(agent.token)]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 402, 402]);
    expect(await countTasksOf(agent.id)).toBe(1);
    expect(await ledgerBalance(ledgerAccount.requesterFunding('test', operator.id))).toBe(-2_300);
  });

  it('the limit counts what the agent’s live card tasks hold; a cancelled one frees its share', async () => {
    const { db } = await getDatabase();
    const { agent } = await operatorWithAgent('4242 4242 4242 4242', 4_600);
    const first = await create(agent.token);
    const second = await create(agent.token);
    expect([first.status, second.status]).toEqual([201, 201]);
    const third = await create(agent.token);
    expect(third.status, third.text).toBe(402);
    expect(third.json.error.message).toMatch(/leaves 0 cents/);
    // Raising the limit lets it through.
    await db.update(users).set({ spendingLimitCents: 6_900 }).where(eq(users.id, agent.id));
    expect((await create(agent.token)).status).toBe(201);
  });
});

describe('GET /v1/tasks — bad queries', () => {
  it.each([
    ['an unknown status', { status: 'posted,bogus' }],
    ['an unknown role', { role: 'admin' }],
    ['a limit out of range', { limit: '0' }],
    ['a limit that is not a number', { limit: 'many' }],
    ['a cursor that is not ours', { cursor: 'not-a-cursor' }],
  ])('%s: 400', async (_label, query) => {
    const human = await signUpViaApi('lister');
    const res = await call(listTasks, '/v1/tasks', { token: human.token, query });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
  });
});
