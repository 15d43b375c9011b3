import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import {
  addCard,
  chargedTask,
  chargeRows,
  escrowBalance,
  expectApiError,
  ledgerBalance,
  payerWithCard,
  paymentsSetup,
  processorObjects,
  taskLedger,
  withoutStripe,
} from '@/test/payments';
import { chargeForTask } from './charge-for-task';
import { refundTask } from './refund-task';
import { sendDueRefunds } from './send-due-refunds';

// The money flow through the built-in test-mode processor: a card charge into the task's escrow, and
// refunds out of it. Every assertion on money reads the ledger by SQL sum. (Transfers: money-flow-transfer.)
withoutStripe();

const TOTAL = 11_500;

describe('chargeForTask()', () => {
  it('charges once: a succeeded charge, the amount in escrow; a second call returns it and posts nothing', async () => {
    const { db, processor } = await paymentsSetup();
    const { user, taskId, charge } = await chargedTask(TOTAL);

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
    expect(await escrowBalance(taskId)).toBe(TOTAL);
    const funding = ledgerAccount.requesterFunding('test', user.id);
    expect(await ledgerBalance(funding)).toBe(-TOTAL);
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
    expect(await taskLedger(taskId)).toEqual(ledger);

    const again = await chargeForTask(db, processor, {
      taskId,
      payerId: user.id,
      amountCents: TOTAL,
      description: 'x',
    });
    expect(again).toEqual(charge);
    expect(await chargeRows(taskId)).toEqual([charge]);
    expect(await taskLedger(taskId)).toEqual(ledger);
    expect(await escrowBalance(taskId)).toBe(TOTAL);
    // The card was charged once at the processor.
    expect(await processorObjects('payment_intent', 'transferGroup', `task:${taskId}`)).toHaveLength(1);
  });

  it('without a card on file: PAYMENT_REQUIRED (402), no charge row, nothing in escrow', async () => {
    const { db, processor } = await paymentsSetup();
    const user = await payerWithCard(null);
    const taskId = randomUUID();
    await expectApiError(
      chargeForTask(db, processor, { taskId, payerId: user.id, amountCents: TOTAL, description: 'Task' }),
      'PAYMENT_REQUIRED',
      { status: 402, message: 'No card on file' },
    );
    expect(await chargeRows(taskId)).toEqual([]);
    expect(await taskLedger(taskId)).toEqual([]);
    expect(await escrowBalance(taskId)).toBe(0);
  });

  it('a 9995 card fails with insufficient_funds; after replacing it with 4242 the retry succeeds (attempt 2)', async () => {
    const { db, processor } = await paymentsSetup();
    const user = await payerWithCard('4000 0000 0000 9995');
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
    expect(await taskLedger(taskId)).toEqual([]);
    expect(await escrowBalance(taskId)).toBe(0);

    await addCard(user, '4242424242424242');
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
    expect(await taskLedger(taskId)).toMatchObject([{ kind: 'charge', reference: charged.processorId }]);
    expect(await escrowBalance(taskId)).toBe(TOTAL);
  });
});

describe('refundTask()', () => {
  it('a partial then a full refund: refunded_cents grows, escrow falls, one ledger refund each', async () => {
    const { db, processor } = await paymentsSetup();
    const { user, taskId, charge } = await chargedTask(TOTAL);
    const refunds = ledgerAccount.refunds('test', user.id);
    const escrowAccount = ledgerAccount.escrow('test', taskId);

    const partial = await refundTask(db, processor, { taskId, amountCents: 3_000, description: 'Partial refund' });
    expect(partial).toEqual({ refundedCents: 3_000, totalRefundedCents: 3_000 });
    expect(await chargeRows(taskId)).toEqual([{ ...charge, refundedCents: 3_000, updatedAt: expect.any(Date) }]);
    expect(await escrowBalance(taskId)).toBe(TOTAL - 3_000);
    expect(await ledgerBalance(refunds)).toBe(3_000);

    // More than what is left: CONFLICT, nothing moves.
    await expectApiError(
      refundTask(db, processor, { taskId, amountCents: TOTAL - 3_000 + 1, description: 'Too much' }),
      'CONFLICT',
      { status: 409, details: { remainingCents: TOTAL - 3_000 } },
    );
    expect(await escrowBalance(taskId)).toBe(TOTAL - 3_000);

    const full = await refundTask(db, processor, { taskId, description: 'Rest refunded' });
    expect(full).toEqual({ refundedCents: TOTAL - 3_000, totalRefundedCents: TOTAL });
    const [row] = await chargeRows(taskId);
    expect(row).toMatchObject({ refundedCents: TOTAL, status: 'succeeded' });
    expect(await escrowBalance(taskId)).toBe(0);
    expect(await ledgerBalance(refunds)).toBe(TOTAL);

    // Recorded with the ledger's refund, sent after the commit: the ledger then names the processor's refund.
    expect(await processorObjects('refund', 'payment_intent', charge.processorId ?? '')).toEqual([]);
    expect(await sendDueRefunds(db, { taskIds: [taskId] })).toEqual({ refunded: 2, retrying: 0, failed: 0 });
    const refundTxs = (await taskLedger(taskId)).filter((tx) => tx.kind === 'refund');
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
    const refundObjects = await processorObjects('refund', 'payment_intent', charge.processorId ?? '');
    expect(refundObjects.map((object) => object.data.amount).sort()).toEqual([3_000, TOTAL - 3_000].sort());

    // Fully refunded: one more cent is a CONFLICT; a default (full) refund refunds nothing.
    await expectApiError(refundTask(db, processor, { taskId, amountCents: 1, description: 'x' }), 'CONFLICT', {
      details: { remainingCents: 0 },
    });
    expect(await refundTask(db, processor, { taskId, description: 'x' })).toEqual({
      refundedCents: 0,
      totalRefundedCents: TOTAL,
    });
    expect((await taskLedger(taskId)).filter((tx) => tx.kind === 'refund')).toHaveLength(2);
    expect(await escrowBalance(taskId)).toBe(0);
  });

  it('two concurrent full refunds refund the charge exactly once', async () => {
    const { db, processor } = await paymentsSetup();
    const { user, taskId } = await chargedTask(TOTAL);

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
    const refundTxs = (await taskLedger(taskId)).filter((tx) => tx.kind === 'refund');
    expect(refundTxs).toHaveLength(1);
    expect(refundTxs[0]?.entries).toEqual([
      { account: ledgerAccount.escrow('test', taskId), amountCents: -TOTAL },
      { account: ledgerAccount.refunds('test', user.id), amountCents: TOTAL },
    ]);
    expect(await escrowBalance(taskId)).toBe(0);
    expect(await ledgerBalance(ledgerAccount.refunds('test', user.id))).toBe(TOTAL);
  });

  it('a task without a captured charge: NOT_FOUND', async () => {
    const { db, processor } = await paymentsSetup();
    const taskId = randomUUID();
    await expectApiError(refundTask(db, processor, { taskId, description: 'x' }), 'NOT_FOUND', { status: 404 });
    expect(await taskLedger(taskId)).toEqual([]);
  });
});
