import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@/db/client';
import { ledgerTransactions, refunds, transfers } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { chargeRows, escrowBalance, ledgerBalance, processorObjects, taskLedger, transferRows } from '@/test/payments';
import { callAction, fundedPartiesForFile, taskEvents, taskInStatus } from '@/test/tasks';
import { claimDueTransfers } from './claim-due-transfers';
import { performDuePayments } from './perform-due-payments';

// Payouts and refunds are recorded in the transaction that decides them and sent to the processor after the
// commit. An instance can die at any point between the three steps (record, send, book the result); another
// instance's runner then finishes the work, once. Faults are injected into the processor the services use:
// `before` dies before the processor is reached, `after` dies once the processor has done its part.
const fault = vi.hoisted(() => ({ at: null as 'before' | 'after' | null }));

vi.mock('@/lib/payments/get-processor', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/payments/get-processor')>();
  const crashing = (processor: PaymentProcessor): PaymentProcessor => {
    const crash = async <T>(call: () => Promise<T>) => {
      if (fault.at === 'before') throw new Error('instance killed before the processor call');
      const result = await call();
      if (fault.at === 'after') throw new Error('instance killed before the result was booked');
      return result;
    };
    return {
      ...processor,
      inTransaction: (tx) => crashing(processor.inTransaction(tx)),
      transfer: (input) => crash(() => processor.transfer(input)),
      refund: (input) => crash(() => processor.refund(input)),
    };
  };
  return {
    ...real,
    processorForTask: (...args: Parameters<typeof real.processorForTask>) => crashing(real.processorForTask(...args)),
  };
});

const parties = fundedPartiesForFile();

/** The lease (or the retry's backoff) of a task's payment rows runs out, as it would minutes later. */
async function leaseRunsOut(taskId: string) {
  const { db } = await getDatabase();
  await db.update(transfers).set({ nextAttemptAt: sql`now()` }).where(eq(transfers.taskId, taskId));
  await db.update(refunds).set({ nextAttemptAt: sql`now()` }).where(eq(refunds.taskId, taskId));
}

async function refundRows(taskId: string) {
  const { db } = await getDatabase();
  return db.select().from(refunds).where(eq(refunds.taskId, taskId));
}

async function expectPaidOnce(taskId: string) {
  const [transfer] = await transferRows(taskId);
  expect(transfer).toMatchObject({ processorId: expect.stringMatching(/^tr_test_/), status: 'paid' });
  expect(await processorObjects('transfer', 'transferGroup', `task:${taskId}`)).toHaveLength(1);
  const payouts = (await taskLedger(taskId)).filter((tx) => tx.kind === 'transfer');
  expect(payouts).toMatchObject([{ reference: transfer?.processorId }]);
  expect(await escrowBalance(taskId)).toBe(0);
  expect(await taskEvents(taskId, /^payment\.transferred$/)).toHaveLength(1);
}

describe('the payment outbox survives a crash between record, send and book', () => {
  for (const at of ['before', 'after'] as const) {
    it(`approve: killed ${at} the transfer, the runner pays the worker once`, async () => {
      const task = await taskInStatus(parties, 'submitted');
      fault.at = at;
      const res = await callAction('approve', task.id, parties.requester.token);
      fault.at = null;
      // The approval stands: the books moved with it, the transfer is recorded and not yet booked as sent.
      expect(res.status, res.text).toBe(200);
      expect(res.json.data.status).toBe('completed');
      expect(await transferRows(task.id)).toMatchObject([{ processorId: null, attempts: 1 }]);
      expect(await escrowBalance(task.id)).toBe(0);
      expect(await processorObjects('transfer', 'transferGroup', `task:${task.id}`)).toHaveLength(
        at === 'after' ? 1 : 0,
      );

      const { db } = await getDatabase();
      expect(await performDuePayments(db, { taskId: task.id })).toMatchObject({ transferred: 0 });
      await leaseRunsOut(task.id);
      expect(await performDuePayments(db, { taskId: task.id })).toMatchObject({ transferred: 1 });
      await leaseRunsOut(task.id);
      expect(await performDuePayments(db, { taskId: task.id })).toMatchObject({ transferred: 0 });
      await expectPaidOnce(task.id);
      expect(await ledgerBalance(ledgerAccount.workerPayouts('test', parties.worker.id))).toBeGreaterThan(0);
    });

    it(`cancel: killed ${at} the refund, the runner refunds the card once`, async () => {
      const task = await taskInStatus(parties, 'posted');
      const [charge] = await chargeRows(task.id);
      fault.at = at;
      const res = await callAction('cancel', task.id, parties.requester.token);
      fault.at = null;
      expect(res.status, res.text).toBe(200);
      expect(await escrowBalance(task.id)).toBe(0);
      expect(await refundRows(task.id)).toMatchObject([{ status: 'pending', processorId: null }]);

      const { db } = await getDatabase();
      await leaseRunsOut(task.id);
      expect(await performDuePayments(db, { taskId: task.id })).toMatchObject({ refunded: 1 });
      await leaseRunsOut(task.id);
      expect(await performDuePayments(db, { taskId: task.id })).toMatchObject({ refunded: 0 });

      const [refund] = await refundRows(task.id);
      expect(refund).toMatchObject({ status: 'succeeded', processorId: expect.stringMatching(/^re_test_/) });
      const objects = await processorObjects('refund', 'payment_intent', charge?.processorId ?? '');
      expect(objects.map((object) => object.data.amount)).toEqual([charge?.amountCents]);
      expect((await taskLedger(task.id)).filter((tx) => tx.kind === 'refund')).toMatchObject([
        { reference: refund?.processorId },
      ]);
    });
  }

  it('a refund the processor keeps refusing is retried with backoff, then left failed for a human', async () => {
    const task = await taskInStatus(parties, 'posted');
    fault.at = 'before';
    expect((await callAction('cancel', task.id, parties.requester.token)).status).toBe(200);
    const [first] = await refundRows(task.id);
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'instance killed before the processor call',
    });
    expect((first?.nextAttemptAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(20_000);

    const { db } = await getDatabase();
    for (let attempt = 2; attempt <= 8; attempt += 1) {
      await leaseRunsOut(task.id);
      await performDuePayments(db, { taskId: task.id });
    }
    fault.at = null;
    expect(await refundRows(task.id)).toMatchObject([{ status: 'failed', attempts: 8, processorId: null }]);
    await leaseRunsOut(task.id);
    expect(await performDuePayments(db, { taskId: task.id })).toMatchObject({ refunded: 0 });
  });

  it('a runner that claimed a transfer and died: nobody sends it until the lease runs out, then once', async () => {
    const task = await taskInStatus(parties, 'submitted');
    fault.at = 'before';
    expect((await callAction('approve', task.id, parties.requester.token)).status).toBe(200);
    fault.at = null;
    const { db } = await getDatabase();
    await leaseRunsOut(task.id);
    // The dead runner's claim: the row's next attempt moved out by the lease, nothing sent.
    expect(await claimDueTransfers(db, { limit: 10, leaseSeconds: 120, taskIds: [task.id] })).toHaveLength(1);
    expect(await performDuePayments(db, { taskId: task.id })).toMatchObject({ transferred: 0 });
    expect(await processorObjects('transfer', 'transferGroup', `task:${task.id}`)).toHaveLength(0);

    await leaseRunsOut(task.id);
    await Promise.all([performDuePayments(db, { taskId: task.id }), performDuePayments(db, { taskId: task.id })]);
    await expectPaidOnce(task.id);
    const [sent] = await db
      .select({ attempts: transfers.attempts })
      .from(transfers)
      .where(and(eq(transfers.taskId, task.id)));
    expect(sent?.attempts).toBe(3);
    const booked = await db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.taskId, task.id), eq(ledgerTransactions.kind, 'transfer')));
    expect(booked).toHaveLength(1);
  });
});
