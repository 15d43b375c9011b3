import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import { charges, tasks, x402Payments } from '@/db/schema';
import { type ActorUser, toActorUser } from '@/lib/auth/actor';
import { sha256Hex } from '@/lib/auth/tokens';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { taskBodySchema } from '@/lib/schemas/tasks';
import { createTask } from '@/lib/services/tasks/create-task';
import { publishTask } from '@/lib/services/tasks/publish-task';
import { reconcileX402Payments } from '@/lib/services/tasks/reconcile-x402-payments';
import { withEnv } from '@/test/env';
import { insertUser } from '@/test/factories';
import { chargeRows, escrowBalance, ledgerBalance, payerWithCard, paymentsSetup, taskLedger } from '@/test/payments';
import { passDeadline, taskBody, taskEvents } from '@/test/tasks';
import {
  facilitatorStandIn,
  newPayer,
  paymentRows,
  requirementsFor,
  signAuthorization,
  TASKS_URL,
  v1Header,
  v1Payload,
} from '@/test/x402';
import { CrashError, type FundingStep } from './funding-faults';
import { reconcileCardCharges } from './reconcile-card-charges';

// A process killed while it funds a task: an injected CrashError stops createTask at each step as a kill would (no
// catch block of the service runs after it). Whatever the step, the money ends in the task's escrow or owed back,
// once: by the client's retry with the same Idempotency-Key, or, when nobody retries, by the reconciliation jobs.

const TOTAL_CENTS = 2_300;
const X402_STEPS: FundingStep[] = ['afterClaim', 'afterIntent', 'afterSettle', 'beforePost'];
const body = () => taskBodySchema.parse(taskBody({ budgetCents: 2_000 }));
const creationKey = () => ({ key: sha256Hex(crypto.randomUUID()), requestHash: sha256Hex('the same body') });

/** An agent whose operator has no card: it pays by x402. */
async function agent(db: Db): Promise<ActorUser> {
  const operator = await insertUser(db);
  return toActorUser(await insertUser(db, { type: 'agent', ownerId: operator.id, email: null }));
}

/** One x402 attempt: the agent, its wallet, one signed authorization and the request's key, sent again as is. */
async function x402Request() {
  const { db, processor } = await paymentsSetup();
  const user = await agent(db);
  const wallet = newPayer();
  const requirements = requirementsFor(TOTAL_CENTS);
  const payment = v1Header(v1Payload(requirements, await signAuthorization(wallet, requirements)));
  const creation = creationKey();
  const taskBodyOnce = body();
  const send = (crashAt?: FundingStep) =>
    createTask(db, {
      processor,
      user,
      viaApiKey: true,
      x402: { resource: TASKS_URL, payment },
      body: taskBodyOnce,
      creation,
      crashAt,
    });
  return { db, user, wallet, send };
}

async function tasksOf(db: Db, requesterId: string) {
  return db.select().from(tasks).where(eq(tasks.requesterId, requesterId));
}

/** Each payment row of `payer` is made old enough for the job (as if the crash were six minutes ago). */
async function age(db: Db, payer: string) {
  await db
    .update(x402Payments)
    .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
    .where(eq(x402Payments.payer, payer.toLowerCase()));
}

/** Nothing lost, nothing doubled: one posted task, the one payment linked and booked, its escrow holding the total. */
async function expectOnePaidTask(db: Db, requesterId: string, payer: string) {
  const all = await tasksOf(db, requesterId);
  expect(all).toHaveLength(1);
  const [task] = all;
  expect(task).toMatchObject({ status: 'posted', fundingSource: 'x402' });
  if (!task) throw new Error('no task');
  expect(await paymentRows(payer)).toEqual([
    expect.objectContaining({ taskId: task.id, status: 'settled', draftTaskId: task.id, bookedAt: expect.any(Date) }),
  ]);
  expect(await escrowBalance(task.id)).toBe(TOTAL_CENTS);
  expect(await ledgerBalance(ledgerAccount.refunds('test', requesterId))).toBe(0);
  expect((await taskLedger(task.id)).map((entry) => entry.kind)).toEqual(['x402_receipt']);
  return task;
}

async function crash(promise: Promise<unknown>, step: FundingStep) {
  await expect(promise).rejects.toEqual(new CrashError(step));
}

describe('x402 funding killed at each step', () => {
  for (const step of X402_STEPS) {
    it(`${step}: the retry with the same Idempotency-Key and payment posts one task with that one payment`, async () => {
      const { db, user, wallet, send } = await x402Request();
      await crash(send(step), step);

      const retried = await send();

      expect(retried).toMatchObject({ kind: 'posted', task: { status: 'posted' } });
      await expectOnePaidTask(db, user.id, wallet.address);
      // A second retry (the answer lost again) is the same task, nothing moved.
      const again = await send();
      expect(again).toMatchObject({ kind: 'posted', task: { id: (await tasksOf(db, user.id))[0]?.id } });
      await expectOnePaidTask(db, user.id, wallet.address);
    });
  }

  for (const step of X402_STEPS.filter((step) => step !== 'afterClaim')) {
    it(`${step}: nobody retries; the job finishes the post once, however often it runs`, async () => {
      const { db, user, wallet, send } = await x402Request();
      await crash(send(step), step);
      const [draft] = await tasksOf(db, user.id);
      expect(draft).toMatchObject({ status: 'draft', fundingSource: 'x402' });

      // Too young: a request may still be at work on it.
      await reconcileX402Payments(db);
      expect((await tasksOf(db, user.id))[0]?.status).toBe('draft');
      await age(db, wallet.address);
      await reconcileX402Payments(db);
      await reconcileX402Payments(db);

      const task = await expectOnePaidTask(db, user.id, wallet.address);
      expect((await taskEvents(task.id, /^payment\./)).map((event) => event.type)).toEqual(['payment.succeeded']);
    });
  }

  it('publishing a draft, killed after settling: the retry with the same payment posts it, once', async () => {
    const { db, processor } = await paymentsSetup();
    const user = await agent(db);
    const wallet = newPayer();
    const requirements = requirementsFor(TOTAL_CENTS);
    const payment = v1Header(v1Payload(requirements, await signAuthorization(wallet, requirements)));
    const funder = { processor, user, viaApiKey: true, x402: { resource: TASKS_URL, payment } };
    const draft = await createTask(db, {
      ...funder,
      x402: { resource: TASKS_URL, payment: null },
      body: { ...body(), draft: true },
    });
    if (draft.kind !== 'draft') throw new Error(draft.kind);
    await crash(publishTask(db, { ...funder, taskId: draft.task.id, crashAt: 'afterSettle' }), 'afterSettle');

    expect(await publishTask(db, { ...funder, taskId: draft.task.id })).toMatchObject({ kind: 'posted' });
    const task = await expectOnePaidTask(db, user.id, wallet.address);
    expect(task.id).toBe(draft.task.id);
  });

  it('afterClaim: nothing was stored and nothing paid, so the job has nothing to do', async () => {
    const { db, user, wallet, send } = await x402Request();
    await crash(send('afterClaim'), 'afterClaim');
    expect(await tasksOf(db, user.id)).toEqual([]);
    expect(await paymentRows(wallet.address)).toEqual([]);
  });

  it('a draft that can no longer be posted: the job books the payment owed back, once, and says so', async () => {
    const { db, user, wallet, send } = await x402Request();
    await crash(send('beforePost'), 'beforePost');
    const [draft] = await tasksOf(db, user.id);
    if (!draft) throw new Error('no draft');
    await passDeadline(draft.id);
    await age(db, wallet.address);

    expect(await reconcileX402Payments(db)).toMatchObject({ owedBack: 1, posted: 0 });
    await reconcileX402Payments(db);

    expect(await ledgerBalance(ledgerAccount.refunds('test', user.id))).toBe(TOTAL_CENTS);
    expect(await escrowBalance(draft.id)).toBe(0);
    expect(await paymentRows(wallet.address)).toEqual([
      expect.objectContaining({ taskId: draft.id, status: 'settled', bookedAt: expect.any(Date) }),
    ]);
    const [row] = await tasksOf(db, user.id);
    expect(row).toMatchObject({ status: 'draft', fundingSource: null });
    const refunded = await taskEvents(draft.id, /^payment\./);
    expect(refunded.map((event) => [event.type, event.data])).toEqual([
      ['payment.refunded', expect.objectContaining({ amountCents: TOTAL_CENTS, fundingSource: 'x402' })],
    ]);
    // The agent's retry is told its authorization is spent: it was booked back, it will not pay twice.
    expect(await send()).toMatchObject({ kind: 'paymentRequired', refusal: { reason: 'nonce_already_used' } });
  });
});

/**
 * A facilitator that settles each authorization once, as the chain does: verifying or settling a spent one is
 * refused. Counts the settlements.
 */
async function chainLikeFacilitator() {
  const spent = new Set<string>();
  const nonceOf = (body: unknown) =>
    (body as { paymentPayload: { payload: { authorization: { nonce: string } } } }).paymentPayload.payload.authorization
      .nonce;
  const facilitator = await facilitatorStandIn((path, body) => {
    const nonce = nonceOf(body);
    if (path === '/verify') {
      if (spent.has(nonce)) return { status: 200, json: { isValid: false, invalidReason: 'nonce_already_used' } };
      return { status: 200, json: { isValid: true } };
    }
    if (spent.has(nonce)) return { status: 200, json: { success: false, errorReason: 'nonce_already_used' } };
    spent.add(nonce);
    return { status: 200, json: { success: true, transaction: `0x${'ab'.repeat(32)}`, network: 'base-sepolia' } };
  });
  return { ...facilitator, settlements: () => facilitator.calls.filter((call) => call.path === '/settle').length };
}

describe('x402 through a facilitator, killed before or after it settled', () => {
  it('afterIntent: the job settles it once (no verify of a claim that may be spent) and posts the draft', async () => {
    const facilitator = await chainLikeFacilitator();
    try {
      await withEnv({ X402_FACILITATOR_URL: facilitator.url }, async () => {
        const { db, user, wallet, send } = await x402Request();
        await crash(send('afterIntent'), 'afterIntent');
        await age(db, wallet.address);
        expect(await reconcileX402Payments(db)).toMatchObject({ settled: 1, posted: 1 });
        await reconcileX402Payments(db);
        await expectOnePaidTask(db, user.id, wallet.address);
        expect(facilitator.calls.map((call) => call.path)).toEqual(['/settle']);
      });
    } finally {
      await facilitator.close();
    }
  });

  it('afterSettle: the retry is refused without losing the payment; the claim and its draft stay for a person', async () => {
    const facilitator = await chainLikeFacilitator();
    try {
      await withEnv({ X402_FACILITATOR_URL: facilitator.url }, async () => {
        const { db, user, wallet, send } = await x402Request();
        await crash(send('afterSettle'), 'afterSettle');
        expect(facilitator.settlements()).toBe(1);

        // The chain already took it: a second settle fails, and nothing deletes or gives up the claim.
        expect(await send()).toMatchObject({ kind: 'paymentRequired', refusal: { reason: 'nonce_already_used' } });
        await age(db, wallet.address);
        await reconcileX402Payments(db);

        expect(facilitator.settlements()).toBe(3);
        const [draft, ...others] = await tasksOf(db, user.id);
        expect(others).toEqual([]);
        expect(draft).toMatchObject({ status: 'draft', fundingSource: 'x402' });
        expect(await paymentRows(wallet.address)).toEqual([
          expect.objectContaining({ status: 'claimed', draftTaskId: draft?.id, bookedAt: null }),
        ]);
      });
    } finally {
      await facilitator.close();
    }
  });
});

describe('card funding killed between the charge and the post', () => {
  async function cardRequest() {
    const { db, processor } = await paymentsSetup();
    const user = toActorUser(await payerWithCard());
    const creation = creationKey();
    const taskBodyOnce = body();
    const send = (crashAt?: FundingStep) =>
      createTask(db, {
        processor,
        user,
        viaApiKey: false,
        x402: { resource: TASKS_URL, payment: null },
        body: taskBodyOnce,
        creation,
        crashAt,
      });
    return { db, user, send };
  }

  it('the retry with the same Idempotency-Key posts the one draft with the one charge', async () => {
    const { db, user, send } = await cardRequest();
    await crash(send('beforePost'), 'beforePost');

    expect(await send()).toMatchObject({ kind: 'posted', task: { status: 'posted', fundingSource: 'card' } });

    const [task, ...others] = await tasksOf(db, user.id);
    expect(others).toEqual([]);
    if (!task) throw new Error('no task');
    expect(await chargeRows(task.id)).toEqual([expect.objectContaining({ status: 'succeeded', refundedCents: 0 })]);
    expect(await escrowBalance(task.id)).toBe(TOTAL_CENTS);
  });

  it('nobody retries: the job refunds the charge once, releases the draft and says so', async () => {
    const { db, user, send } = await cardRequest();
    await crash(send('beforePost'), 'beforePost');
    const [draft] = await tasksOf(db, user.id);
    if (!draft) throw new Error('no draft');
    await db
      .update(charges)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(charges.taskId, draft.id));

    await reconcileCardCharges(db);
    await reconcileCardCharges(db);

    expect(await chargeRows(draft.id)).toEqual([
      expect.objectContaining({ status: 'succeeded', refundedCents: TOTAL_CENTS }),
    ]);
    expect(await escrowBalance(draft.id)).toBe(0);
    expect((await taskLedger(draft.id)).map((entry) => entry.kind)).toEqual(['charge', 'refund']);
    expect((await tasksOf(db, user.id))[0]).toMatchObject({ status: 'draft', fundingSource: null });
    expect((await taskEvents(draft.id, /^payment\./)).map((event) => event.type)).toEqual(['payment.refunded']);
  });
});
