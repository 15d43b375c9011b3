import { describe, expect, it } from 'vitest';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { insertUser } from '@/test/factories';
import {
  BACK_URL,
  chargedTask,
  escrowBalance,
  expectApiError,
  ledgerBalance,
  onboardedWorker,
  paymentsSetup,
  processorObjects,
  taskLedger,
  transferRows,
  withoutStripe,
} from '@/test/payments';
import { refundTask } from './refund-task';
import { startPayoutOnboarding } from './start-payout-onboarding';
import { transferToWorker } from './transfer-to-worker';

// Paying a worker for a task through the built-in test-mode processor: the escrow splits into the
// worker's payout and the platform fee, exactly once. Balances are read from the ledger by SQL sum.
withoutStripe();

const BUDGET = 10_000;
const FEE = 1_500;
const TOTAL = BUDGET + FEE;

describe('transferToWorker()', () => {
  const transferInput = (taskId: string, workerId: string) => ({
    taskId,
    workerId,
    amountCents: BUDGET,
    feeCents: FEE,
    description: 'Paid out to worker',
  });

  it('splits the escrow into the worker’s payout and the platform fee; the transfer is paid', async () => {
    const { db, processor } = await paymentsSetup();
    const { taskId } = await chargedTask(TOTAL);
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
    expect(await escrowBalance(taskId)).toBe(0);
    expect(await ledgerBalance(ledgerAccount.workerPayouts('test', worker.id))).toBe(BUDGET);
    expect((await taskLedger(taskId)).filter((tx) => tx.kind === 'transfer')).toEqual([
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
    const { db, processor } = await paymentsSetup();
    const { taskId } = await chargedTask(TOTAL);
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
    expect((await taskLedger(taskId)).filter((tx) => tx.kind === 'transfer')).toHaveLength(1);
    expect(await processorObjects('transfer', 'transferGroup', `task:${taskId}`)).toHaveLength(1);
    expect(await escrowBalance(taskId)).toBe(0);
    expect(await ledgerBalance(ledgerAccount.workerPayouts('test', worker.id))).toBe(BUDGET);
  });

  it('two concurrent first calls transfer once', async () => {
    const { db, processor } = await paymentsSetup();
    const { taskId } = await chargedTask(TOTAL);
    const worker = await onboardedWorker();
    const input = transferInput(taskId, worker.id);

    const results = await Promise.allSettled([
      transferToWorker(db, processor, input),
      transferToWorker(db, processor, input),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    const [row] = await transferRows(taskId);
    expect(row).toMatchObject({ status: 'paid', processorId: expect.stringMatching(/^tr_test_/) });
    // Each call answers with the one row: sent, or still in flight when the other call held its claim.
    expect(results).toEqual([
      { status: 'fulfilled', value: expect.objectContaining({ id: row?.id }) },
      { status: 'fulfilled', value: expect.objectContaining({ id: row?.id }) },
    ]);
    expect(await transferRows(taskId)).toHaveLength(1);
    expect((await taskLedger(taskId)).filter((tx) => tx.kind === 'transfer')).toHaveLength(1);
    expect(await processorObjects('transfer', 'transferGroup', `task:${taskId}`)).toHaveLength(1);
    expect(await escrowBalance(taskId)).toBe(0);
  });

  it('a worker without (finished) onboarding: CONFLICT, no transfer row, escrow untouched', async () => {
    const { db, processor } = await paymentsSetup();
    const { taskId } = await chargedTask(TOTAL);
    const never = await insertUser(db);
    const halfway = await insertUser(db);
    await startPayoutOnboarding(db, { processor, user: halfway, returnUrl: BACK_URL, refreshUrl: BACK_URL });

    for (const worker of [never, halfway]) {
      await expectApiError(transferToWorker(db, processor, transferInput(taskId, worker.id)), 'CONFLICT', {
        status: 409,
        message: 'The worker’s payout account cannot receive transfers yet',
      });
    }
    expect(await transferRows(taskId)).toEqual([]);
    expect(await escrowBalance(taskId)).toBe(TOTAL);
    expect((await taskLedger(taskId)).map((tx) => tx.kind)).toEqual(['charge']);

    // Leave the ledger clean: refund the task.
    await refundTask(db, processor, { taskId, description: 'Cleanup' });
    expect(await escrowBalance(taskId)).toBe(0);
  });
});
