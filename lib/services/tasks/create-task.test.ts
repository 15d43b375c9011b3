import { describe, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import { type ActorUser, toActorUser } from '@/lib/auth/actor';
import { X402Rejection } from '@/lib/payments/x402/accept-payment';
import { X402_PAYMENT_HINT } from '@/lib/payments/x402/requirements';
import { taskBodySchema } from '@/lib/schemas/tasks';
import type { Funder } from '@/lib/services/money/funding-outcome';
import { insertUser } from '@/test/factories';
import { chargeRows, expectApiError, payerWithCard, paymentsSetup } from '@/test/payments';
import { countTasksOf, taskBody } from '@/test/tasks';
import { TASKS_URL } from '@/test/x402';
import { createTask } from './create-task';

// createTask is the one funding service's front for POST /v1/tasks: whatever happens, it answers with one outcome
// (a draft, a posted task, or payment required with the x402 requirements), and the route only maps it to HTTP.

const body = () => taskBodySchema.parse(taskBody({ budgetCents: 2_000 }));
const noPayment = { resource: TASKS_URL, payment: null };

async function agentWithoutOperatorCard(db: Db): Promise<ActorUser> {
  const operator = await insertUser(db);
  return toActorUser(await insertUser(db, { type: 'agent', ownerId: operator.id, email: null }));
}

async function funder(user: ActorUser, overrides: Partial<Funder> = {}): Promise<Funder> {
  const { processor } = await paymentsSetup();
  return { processor, user, viaApiKey: true, x402: noPayment, ...overrides };
}

describe('createTask()', () => {
  it('a draft when asked for one: nothing charged', async () => {
    const { db } = await paymentsSetup();
    const user = toActorUser(await payerWithCard());
    const outcome = await createTask(db, { ...(await funder(user)), body: { ...body(), draft: true } });
    expect(outcome).toMatchObject({
      kind: 'draft',
      task: { status: 'draft', requesterId: user.id, totalCents: 2_300 },
    });
    if (outcome.kind !== 'draft') throw new Error(outcome.kind);
    expect(await chargeRows(outcome.task.id)).toEqual([]);
  });

  it('posted, charged to the caller’s own card', async () => {
    const { db } = await paymentsSetup();
    const user = toActorUser(await payerWithCard());
    const outcome = await createTask(db, { ...(await funder(user)), body: body() });
    expect(outcome).toMatchObject({ kind: 'posted', task: { status: 'posted', fundingSource: 'card' } });
  });

  it('payment required for an API-key caller whose card cannot pay: the x402 requirements and why', async () => {
    const { db } = await paymentsSetup();
    const agent = await agentWithoutOperatorCard(db);
    const outcome = await createTask(db, { ...(await funder(agent)), body: body() });
    expect(outcome).toEqual({
      kind: 'paymentRequired',
      requirements: expect.objectContaining({
        maxAmountRequired: '23000000',
        resource: TASKS_URL,
        description: `Legwork task: ${body().title}`,
      }),
      refusal: {
        message: 'The operator has no card on file. Pay with x402 instead.',
        reason: 'no_card',
        hint: `Your operator has no card on file to charge. ${X402_PAYMENT_HINT}`,
      },
      mppChallenge: expect.stringMatching(/^Payment id="[^"]+", realm="[^"]+", method="stripe", intent="charge"/),
    });
    expect(await countTasksOf(agent.id)).toBe(0);
  });

  it('a session caller whose card cannot pay gets the card’s own error, no x402 offer', async () => {
    const { db } = await paymentsSetup();
    const user = toActorUser(await payerWithCard(null));
    await expectApiError(
      createTask(db, { ...(await funder(user, { viaApiKey: false })), body: body() }),
      'PAYMENT_REQUIRED',
      {
        message: 'No card on file',
        hint: 'Add a card with POST /v1/payments/wallet/setup (or on the dashboard, Payments), then retry.',
      },
    );
    expect(await countTasksOf(user.id)).toBe(0);
  });

  it('a malformed payment header: payment required with the same requirements, for any caller, nothing kept', async () => {
    const { db } = await paymentsSetup();
    const user = toActorUser(await payerWithCard());
    const payment = new X402Rejection('invalid_payload', 'The X-Payment header is not base64.');
    const x402 = { resource: TASKS_URL, payment };
    const outcome = await createTask(db, { ...(await funder(user, { viaApiKey: false, x402 })), body: body() });
    expect(outcome).toEqual({
      kind: 'paymentRequired',
      requirements: expect.objectContaining({ maxAmountRequired: '23000000', resource: TASKS_URL }),
      refusal: { code: 'PAYMENT_FAILED', reason: 'invalid_payload', message: 'The X-Payment header is not base64.' },
    });
    expect(await countTasksOf(user.id)).toBe(0);
  });
});
