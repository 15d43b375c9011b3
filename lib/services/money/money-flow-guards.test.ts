import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  addCard,
  chargedTask,
  chargeRows,
  escrowBalance,
  expectApiError,
  onboardedWorker,
  payerWithCard,
  paymentsSetup,
  processorObjects,
  transferRows,
  withoutStripe,
} from '@/test/payments';
import { chargeForTask } from './charge-for-task';
import { refundTask } from './refund-task';
import { transferToWorker } from './transfer-to-worker';

// Money can leave an escrow once: a paid-out task refunds nothing, a refunded task pays nobody, and the
// processor is never asked to move money the ledger does not hold.
withoutStripe();

describe('escrow guards', () => {
  it('a transfer after a full refund is refused before the processor moves anything', async () => {
    const { db, processor } = await paymentsSetup();
    const { taskId } = await chargedTask(11_500);
    const worker = await onboardedWorker();
    await refundTask(db, processor, { taskId, description: 'Cancelled' });

    await expectApiError(
      transferToWorker(db, processor, {
        taskId,
        workerId: worker.id,
        amountCents: 10_000,
        feeCents: 1_500,
        description: 'Paid',
      }),
      'CONFLICT',
      { details: { heldCents: 0 } },
    );
    expect(await processorObjects('transfer', 'transferGroup', `task:${taskId}`)).toEqual([]);
    expect((await transferRows(taskId))[0]?.processorId ?? null).toBeNull();
    expect(await escrowBalance(taskId)).toBe(0);
  });

  it('a refund after the worker was paid refunds nothing', async () => {
    const { db, processor } = await paymentsSetup();
    const { taskId } = await chargedTask(11_500);
    const worker = await onboardedWorker();
    await transferToWorker(db, processor, {
      taskId,
      workerId: worker.id,
      amountCents: 10_000,
      feeCents: 1_500,
      description: 'Paid',
    });

    await expectApiError(
      refundTask(db, processor, { taskId, amountCents: 100, description: 'Late refund' }),
      'CONFLICT',
      {
        details: { remainingCents: 0 },
      },
    );
    expect(await refundTask(db, processor, { taskId, description: 'Full refund' })).toEqual({
      refundedCents: 0,
      totalRefundedCents: 0,
    });
    expect(
      await processorObjects('refund', 'payment_intent', (await chargeRows(taskId))[0]?.processorId ?? ''),
    ).toEqual([]);
    expect(await escrowBalance(taskId)).toBe(0);
  });

  it('a retry after a failed charge charges the amount of the retry, and a full refund empties the escrow', async () => {
    const { db, processor } = await paymentsSetup();
    const payer = await payerWithCard('4000 0000 0000 9995');
    const taskId = randomUUID();
    await expectApiError(
      chargeForTask(db, processor, { taskId, payerId: payer.id, amountCents: 1_000, description: 'Task' }),
      'PAYMENT_FAILED',
    );

    await addCard(payer, '4242 4242 4242 4242');
    const charge = await chargeForTask(db, processor, {
      taskId,
      payerId: payer.id,
      amountCents: 2_000,
      description: 'Task',
    });
    expect(charge).toMatchObject({ status: 'succeeded', amountCents: 2_000, attempts: 2 });
    expect(await escrowBalance(taskId)).toBe(2_000);

    expect(await refundTask(db, processor, { taskId, description: 'Cancelled' })).toEqual({
      refundedCents: 2_000,
      totalRefundedCents: 2_000,
    });
    expect(await escrowBalance(taskId)).toBe(0);
  });
});
