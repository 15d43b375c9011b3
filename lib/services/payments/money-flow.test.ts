import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { charges, ledgerEntries, ledgerTransactions, testProcessorObjects, transfers } from '@/db/schema';
import { ApiError, type ErrorCode } from '@/lib/api/errors';
import { getProcessor } from '@/lib/payments/get-processor';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { completeTestOnboarding } from '@/lib/payments/test-mode/complete-test-flows';
import { confirmTestSetup } from '@/lib/payments/test-mode/confirm-test-setup';
import { insertUser } from '@/test/factories';
import { chargeForTask } from './charge-for-task';
import { startPayoutOnboarding } from './payout-account';
import { refundTask } from './refund-task';
import { transferToWorker } from './transfer-to-worker';
import { startWalletSetup } from './wallet';

const BACK = 'http://localhost:3000/dashboard/payments';
const BUDGET = 10_000;
const FEE = 1_500;
const TOTAL = BUDGET + FEE;

async function setup() {
  const { db } = await getDatabase();
  return { db, processor: getProcessor(db) };
}

/** Adds (or replaces) the user's card through the test card page. */
async function addCard(userId: string, email: string | null, number: string) {
  const { db, processor } = await setup();
  const { setupUrl } = await startWalletSetup(db, processor, { id: userId, email }, BACK);
  const intentId = setupUrl.split('/').pop() ?? '';
  expect(intentId).toMatch(/^seti_test_/);
  const confirmed = await confirmTestSetup(db, intentId, { number, expMonth: 12, expYear: 2034, cvc: '123' });
  expect(confirmed).toMatchObject({ ok: true });
}

async function payer(number: string | null = '4242 4242 4242 4242') {
  const { db } = await setup();
  const user = await insertUser(db);
  if (number) await addCard(user.id, user.email, number);
  return user;
}

async function onboardedWorker() {
  const { db, processor } = await setup();
  const user = await insertUser(db);
  const { onboardingUrl } = await startPayoutOnboarding(db, processor, user, { returnUrl: BACK, refreshUrl: BACK });
  expect(await completeTestOnboarding(db, onboardingUrl.split('/').pop() ?? '')).toBe(BACK);
  return user;
}

/** A fresh task charged TOTAL on a fresh payer's 4242 card. */
async function chargedTask(amountCents = TOTAL) {
  const { db, processor } = await setup();
  const user = await payer();
  const taskId = randomUUID();
  const charge = await chargeForTask(db, processor, { taskId, payerId: user.id, amountCents, description: 'Task' });
  return { user, taskId, charge };
}

/** Ledger balances by SQL sum (0 for an account without entries). */
async function balance(account: string): Promise<number> {
  const { db } = await setup();
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return Number(row?.sum);
}
const escrow = (taskId: string) => balance(ledgerAccount.escrow('test', taskId));

/** The task's ledger transactions, each with its entries. */
async function ledgerOf(taskId: string) {
  const { db } = await setup();
  const txs = await db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.taskId, taskId))
    .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.idempotencyKey));
  const ids = txs.map((tx) => tx.id);
  const entries = ids.length
    ? await db
        .select()
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.transactionId, ids))
        .orderBy(asc(ledgerEntries.id))
    : [];
  return txs.map((tx) => ({
    kind: tx.kind,
    key: tx.idempotencyKey,
    reference: tx.reference,
    livemode: tx.livemode,
    entries: entries
      .filter((entry) => entry.transactionId === tx.id)
      .map((entry) => ({ account: entry.account, amountCents: entry.amountCents })),
  }));
}

async function chargeRows(taskId: string) {
  const { db } = await setup();
  return db.select().from(charges).where(eq(charges.taskId, taskId));
}

async function transferRows(taskId: string) {
  const { db } = await setup();
  return db.select().from(transfers).where(eq(transfers.taskId, taskId));
}

/** Test-processor objects of `type` whose JSON `field` equals `value`. */
async function processorObjects(type: string, field: string, value: string) {
  const { db } = await setup();
  return db
    .select()
    .from(testProcessorObjects)
    .where(and(eq(testProcessorObjects.type, type), sql`${testProcessorObjects.data}->>${field} = ${value}`));
}

async function expectApiError(promise: Promise<unknown>, code: ErrorCode, fields: Record<string, unknown> = {}) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ code, ...fields });
}

describe('chargeForTask()', () => {
  it('charges once: a succeeded charge, the amount in escrow; a second call returns it and posts nothing', async () => {
    const { db, processor } = await setup();
    const { user, taskId, charge } = await chargedTask();

    expect(charge).toMatchObject({
      userId: user.id,
      taskId,
      livemode: false,
      processor: 'test-mode',
      processorId: expect.stringMatching(/^pi_test_/),
      amountCents: TOTAL,
      refundedCents: 0,
      attempts: 1,
      status: 'succeeded',
      failureCode: null,
      failureMessage: null,
    });
    expect(await chargeRows(taskId)).toEqual([charge]);
    expect(await escrow(taskId)).toBe(TOTAL);
    const funding = ledgerAccount.requesterFunding('test', user.id);
    expect(await balance(funding)).toBe(-TOTAL);
    const ledger = [
      {
        kind: 'charge',
        key: `test:task:${taskId}:charge`,
        reference: charge.processorId,
        livemode: false,
        entries: [
          { account: funding, amountCents: -TOTAL },
          { account: ledgerAccount.escrow('test', taskId), amountCents: TOTAL },
        ],
      },
    ];
    expect(await ledgerOf(taskId)).toEqual(ledger);

    const again = await chargeForTask(db, processor, {
      taskId,
      payerId: user.id,
      amountCents: TOTAL,
      description: 'x',
    });
    expect(again).toEqual(charge);
    expect(await chargeRows(taskId)).toEqual([charge]);
    expect(await ledgerOf(taskId)).toEqual(ledger);
    expect(await escrow(taskId)).toBe(TOTAL);
    // The card was charged once at the processor.
    expect(await processorObjects('payment_intent', 'transferGroup', `task:${taskId}`)).toHaveLength(1);
  });

  it('without a card on file: PAYMENT_REQUIRED (402), no charge row, nothing in escrow', async () => {
    const { db, processor } = await setup();
    const user = await payer(null);
    const taskId = randomUUID();
    await expectApiError(
      chargeForTask(db, processor, { taskId, payerId: user.id, amountCents: TOTAL, description: 'Task' }),
      'PAYMENT_REQUIRED',
      { status: 402, message: 'No card on file' },
    );
    expect(await chargeRows(taskId)).toEqual([]);
    expect(await ledgerOf(taskId)).toEqual([]);
    expect(await escrow(taskId)).toBe(0);
  });

  it('a 9995 card fails with insufficient_funds; after replacing it with 4242 the retry succeeds (attempt 2)', async () => {
    const { db, processor } = await setup();
    const user = await payer('4000 0000 0000 9995');
    const taskId = randomUUID();
    const input = { taskId, payerId: user.id, amountCents: TOTAL, description: 'Task' };

    await expectApiError(chargeForTask(db, processor, input), 'PAYMENT_FAILED', {
      status: 402,
      message: 'Your card has insufficient funds.',
      details: { code: 'card_declined', declineCode: 'insufficient_funds' },
    });
    const [failed] = await chargeRows(taskId);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 1,
      processorId: expect.stringMatching(/^pi_test_/),
      failureCode: 'insufficient_funds',
      failureMessage: 'Your card has insufficient funds.',
      refundedCents: 0,
    });
    expect(await ledgerOf(taskId)).toEqual([]);
    expect(await escrow(taskId)).toBe(0);

    await addCard(user.id, user.email, '4242424242424242');
    const charged = await chargeForTask(db, processor, input);
    expect(charged).toMatchObject({
      id: failed?.id,
      status: 'succeeded',
      attempts: 2,
      processorId: expect.stringMatching(/^pi_test_/),
      failureCode: null,
      failureMessage: null,
    });
    expect(charged.processorId).not.toBe(failed?.processorId);
    expect(await chargeRows(taskId)).toEqual([charged]);
    expect(await ledgerOf(taskId)).toMatchObject([{ kind: 'charge', reference: charged.processorId }]);
    expect(await escrow(taskId)).toBe(TOTAL);
  });
});

describe('refundTask()', () => {
  it('a partial then a full refund: refunded_cents grows, escrow falls, one ledger refund each', async () => {
    const { db, processor } = await setup();
    const { user, taskId, charge } = await chargedTask();
    const refunds = ledgerAccount.refunds('test', user.id);
    const escrowAccount = ledgerAccount.escrow('test', taskId);

    const partial = await refundTask(db, processor, { taskId, amountCents: 3_000, description: 'Partial refund' });
    expect(partial).toEqual({ refundedCents: 3_000, totalRefundedCents: 3_000 });
    expect(await chargeRows(taskId)).toEqual([{ ...charge, refundedCents: 3_000, updatedAt: expect.any(Date) }]);
    expect(await escrow(taskId)).toBe(TOTAL - 3_000);
    expect(await balance(refunds)).toBe(3_000);

    // More than what is left: CONFLICT, nothing moves.
    await expectApiError(
      refundTask(db, processor, { taskId, amountCents: TOTAL - 3_000 + 1, description: 'Too much' }),
      'CONFLICT',
      { status: 409, details: { remainingCents: TOTAL - 3_000 } },
    );
    expect(await escrow(taskId)).toBe(TOTAL - 3_000);

    const full = await refundTask(db, processor, { taskId, description: 'Rest refunded' });
    expect(full).toEqual({ refundedCents: TOTAL - 3_000, totalRefundedCents: TOTAL });
    const [row] = await chargeRows(taskId);
    expect(row).toMatchObject({ refundedCents: TOTAL, status: 'succeeded' });
    expect(await escrow(taskId)).toBe(0);
    expect(await balance(refunds)).toBe(TOTAL);

    const refundTxs = (await ledgerOf(taskId)).filter((tx) => tx.kind === 'refund');
    expect(refundTxs).toEqual([
      {
        kind: 'refund',
        key: `test:task:${taskId}:refund:0`,
        reference: expect.stringMatching(/^re_test_/),
        livemode: false,
        entries: [
          { account: escrowAccount, amountCents: -3_000 },
          { account: refunds, amountCents: 3_000 },
        ],
      },
      {
        kind: 'refund',
        key: `test:task:${taskId}:refund:3000`,
        reference: expect.stringMatching(/^re_test_/),
        livemode: false,
        entries: [
          { account: escrowAccount, amountCents: -(TOTAL - 3_000) },
          { account: refunds, amountCents: TOTAL - 3_000 },
        ],
      },
    ]);
    // The processor refunded exactly the charge.
    const intent = await processorObjects('refund', 'payment_intent', charge.processorId ?? '');
    expect(intent.map((object) => object.data.amount).sort()).toEqual([3_000, TOTAL - 3_000].sort());

    // Fully refunded: one more cent is a CONFLICT; a default (full) refund refunds nothing.
    await expectApiError(refundTask(db, processor, { taskId, amountCents: 1, description: 'x' }), 'CONFLICT', {
      details: { remainingCents: 0 },
    });
    expect(await refundTask(db, processor, { taskId, description: 'x' })).toEqual({
      refundedCents: 0,
      totalRefundedCents: TOTAL,
    });
    expect((await ledgerOf(taskId)).filter((tx) => tx.kind === 'refund')).toHaveLength(2);
    expect(await escrow(taskId)).toBe(0);
  });

  it('two concurrent full refunds refund the charge exactly once', async () => {
    const { db, processor } = await setup();
    const { user, taskId } = await chargedTask();

    const results = await Promise.allSettled([
      refundTask(db, processor, { taskId, description: 'Refund A' }),
      refundTask(db, processor, { taskId, description: 'Refund B' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    const values = results.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
    expect(values).toEqual(
      expect.arrayContaining([
        { refundedCents: TOTAL, totalRefundedCents: TOTAL },
        { refundedCents: 0, totalRefundedCents: TOTAL },
      ]),
    );

    const [row] = await chargeRows(taskId);
    expect(row?.refundedCents).toBe(TOTAL);
    const refundTxs = (await ledgerOf(taskId)).filter((tx) => tx.kind === 'refund');
    expect(refundTxs).toHaveLength(1);
    expect(refundTxs[0]?.entries).toEqual([
      { account: ledgerAccount.escrow('test', taskId), amountCents: -TOTAL },
      { account: ledgerAccount.refunds('test', user.id), amountCents: TOTAL },
    ]);
    expect(await escrow(taskId)).toBe(0);
    expect(await balance(ledgerAccount.refunds('test', user.id))).toBe(TOTAL);
  });

  it('a task without a captured charge: NOT_FOUND', async () => {
    const { db, processor } = await setup();
    const taskId = randomUUID();
    await expectApiError(refundTask(db, processor, { taskId, description: 'x' }), 'NOT_FOUND', { status: 404 });
    expect(await ledgerOf(taskId)).toEqual([]);
  });
});

describe('transferToWorker()', () => {
  const transferInput = (taskId: string, workerId: string) => ({
    taskId,
    workerId,
    amountCents: BUDGET,
    feeCents: FEE,
    description: 'Paid out to worker',
  });

  it('splits the escrow into the worker’s payout and the platform fee; the transfer is paid', async () => {
    const { db, processor } = await setup();
    const { taskId } = await chargedTask();
    const worker = await onboardedWorker();

    const paid = await transferToWorker(db, processor, transferInput(taskId, worker.id));
    expect(paid).toMatchObject({
      userId: worker.id,
      taskId,
      livemode: false,
      processor: 'test-mode',
      processorId: expect.stringMatching(/^tr_test_/),
      amountCents: BUDGET,
      reversedCents: 0,
      status: 'paid',
    });
    expect(await transferRows(taskId)).toEqual([paid]);
    expect(await escrow(taskId)).toBe(0);
    expect(await balance(ledgerAccount.workerPayouts('test', worker.id))).toBe(BUDGET);
    expect((await ledgerOf(taskId)).filter((tx) => tx.kind === 'transfer')).toEqual([
      {
        kind: 'transfer',
        key: `test:task:${taskId}:transfer`,
        reference: paid.processorId,
        livemode: false,
        entries: [
          { account: ledgerAccount.escrow('test', taskId), amountCents: -TOTAL },
          { account: ledgerAccount.workerPayouts('test', worker.id), amountCents: BUDGET },
          { account: ledgerAccount.platformFees('test'), amountCents: FEE },
        ],
      },
    ]);
    const [sent] = await processorObjects('transfer', 'transferGroup', `task:${taskId}`);
    expect(sent?.data).toMatchObject({ amount: BUDGET });
  });

  it('called twice, then twice concurrently, it transfers once', async () => {
    const { db, processor } = await setup();
    const { taskId } = await chargedTask();
    const worker = await onboardedWorker();
    const input = transferInput(taskId, worker.id);

    const first = await transferToWorker(db, processor, input);
    const second = await transferToWorker(db, processor, input);
    expect(second).toEqual(first);
    const concurrent = await Promise.allSettled([
      transferToWorker(db, processor, input),
      transferToWorker(db, processor, input),
    ]);
    expect(concurrent).toEqual([
      { status: 'fulfilled', value: first },
      { status: 'fulfilled', value: first },
    ]);

    expect(await transferRows(taskId)).toEqual([first]);
    expect((await ledgerOf(taskId)).filter((tx) => tx.kind === 'transfer')).toHaveLength(1);
    expect(await processorObjects('transfer', 'transferGroup', `task:${taskId}`)).toHaveLength(1);
    expect(await escrow(taskId)).toBe(0);
    expect(await balance(ledgerAccount.workerPayouts('test', worker.id))).toBe(BUDGET);
  });

  it('two concurrent first calls transfer once', async () => {
    const { db, processor } = await setup();
    const { taskId } = await chargedTask();
    const worker = await onboardedWorker();
    const input = transferInput(taskId, worker.id);

    const results = await Promise.allSettled([
      transferToWorker(db, processor, input),
      transferToWorker(db, processor, input),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    const [row] = await transferRows(taskId);
    expect(row).toMatchObject({ status: 'paid', processorId: expect.stringMatching(/^tr_test_/) });
    expect(results).toEqual([
      { status: 'fulfilled', value: row },
      { status: 'fulfilled', value: row },
    ]);
    expect(await transferRows(taskId)).toHaveLength(1);
    expect((await ledgerOf(taskId)).filter((tx) => tx.kind === 'transfer')).toHaveLength(1);
    expect(await processorObjects('transfer', 'transferGroup', `task:${taskId}`)).toHaveLength(1);
    expect(await escrow(taskId)).toBe(0);
  });

  it('a worker without (finished) onboarding: CONFLICT, no transfer row, escrow untouched', async () => {
    const { db, processor } = await setup();
    const { taskId } = await chargedTask();
    const never = await insertUser(db);
    const halfway = await insertUser(db);
    await startPayoutOnboarding(db, processor, halfway, { returnUrl: BACK, refreshUrl: BACK });

    for (const worker of [never, halfway]) {
      await expectApiError(transferToWorker(db, processor, transferInput(taskId, worker.id)), 'CONFLICT', {
        status: 409,
        message: 'The worker’s payout account cannot receive transfers yet',
      });
    }
    expect(await transferRows(taskId)).toEqual([]);
    expect(await escrow(taskId)).toBe(TOTAL);
    expect((await ledgerOf(taskId)).map((tx) => tx.kind)).toEqual(['charge']);

    // Leave the ledger clean: refund the task.
    await refundTask(db, processor, { taskId, description: 'Cleanup' });
    expect(await escrow(taskId)).toBe(0);
  });
});
