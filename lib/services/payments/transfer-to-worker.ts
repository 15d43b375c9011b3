import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { ledgerTransactions, transfers } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import { type LedgerMode, ledgerAccount } from '@/lib/payments/ledger/accounts';
import { lockedBalance, postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { findPayoutAccount } from './payout-account';

export type TransferToWorkerInput = {
  taskId: string;
  workerId: string;
  /** What the worker earns (the task's budget). */
  amountCents: number;
  /** The platform's fee, kept from the escrow in the same movement. */
  feeCents: number;
  description: string;
};

/**
 * Pays a worker for a task: the escrow splits into the worker's payout (a transfer to their payout
 * account) and the platform fee. Idempotent by task: the transfer row is locked while the processor is
 * called with the key `task:<id>:transfer`, so a retry (or a concurrent call, or a retry after a
 * processor timeout) reuses the same key and can never pay twice. Pay that `holdWorkerPay` already released
 * (the task completed while the worker could not receive transfers) comes from what the platform owes the worker,
 * its fee already taken.
 */
export async function transferToWorker(db: Db, processor: PaymentProcessor, input: TransferToWorkerInput) {
  const mode = processor.livemode ? 'live' : 'test';
  const account = await findPayoutAccount(db, input.workerId, processor);
  if (!account?.payoutsEnabled) {
    throw new ApiError('CONFLICT', {
      message: 'The worker’s payout account cannot receive transfers yet',
      hint: 'The worker must finish payout onboarding (POST /v1/payments/payout-account).',
    });
  }

  await insertTransferRow(db, processor, input);

  return db.transaction(async (tx) => {
    const [transfer] = await tx
      .select()
      .from(transfers)
      .where(and(eq(transfers.taskId, input.taskId), eq(transfers.livemode, processor.livemode)))
      .for('update');
    if (!transfer) throw new Error('transfer row vanished');
    if (transfer.processorId) return transfer;
    const released = await ledgerTransactionExists(tx, releaseKey(mode, input.taskId));
    const source = released
      ? ledgerAccount.workerPayable(mode, input.workerId)
      : ledgerAccount.escrow(mode, input.taskId);
    await expectHeld(tx, source, released ? input.amountCents : input.amountCents + input.feeCents);

    const { transferId } = await processor.inTransaction(tx).transfer({
      accountId: account.accountId,
      amountCents: input.amountCents,
      idempotencyKey: `task:${input.taskId}:transfer`,
      transferGroup: `task:${input.taskId}`,
    });
    const [paid] = await tx
      .update(transfers)
      .set({ processorId: transferId, status: processor.name === 'test-mode' ? 'paid' : 'pending' })
      .where(eq(transfers.id, transfer.id))
      .returning();
    await postLedgerTransaction(tx, {
      kind: 'transfer',
      idempotencyKey: `${mode}:task:${input.taskId}:transfer`,
      livemode: processor.livemode,
      taskId: input.taskId,
      userId: input.workerId,
      reference: transferId,
      description: input.description,
      entries: released
        ? [
            { account: source, amountCents: -input.amountCents },
            { account: ledgerAccount.workerPayouts(mode, input.workerId), amountCents: input.amountCents },
          ]
        : [
            { account: source, amountCents: -(input.amountCents + input.feeCents) },
            { account: ledgerAccount.workerPayouts(mode, input.workerId), amountCents: input.amountCents },
            ...(input.feeCents > 0 ? [{ account: ledgerAccount.platformFees(mode), amountCents: input.feeCents }] : []),
          ],
    });
    return paid ?? transfer;
  });
}

/**
 * Completes a task's payment while the worker's payout account cannot receive transfers (onboarding unfinished,
 * or payouts paused by the processor): the escrow is released, the budget to what the platform owes the worker
 * (`worker_payable`) and the fee to the platform, and an unsent transfer row marks the pay as held.
 * `transferToWorker` sends it once the account can receive it (`payHeldWorkers`, every minute).
 */
export async function holdWorkerPay(tx: Tx, processor: PaymentProcessor, input: TransferToWorkerInput) {
  const mode = processor.livemode ? 'live' : 'test';
  const escrow = ledgerAccount.escrow(mode, input.taskId);
  await expectHeld(tx, escrow, input.amountCents + input.feeCents);
  await insertTransferRow(tx, processor, input);
  await postLedgerTransaction(tx, {
    kind: 'release',
    idempotencyKey: releaseKey(mode, input.taskId),
    livemode: processor.livemode,
    taskId: input.taskId,
    userId: input.workerId,
    description: `${input.description} (held until the worker’s payout account can receive transfers)`,
    entries: [
      { account: escrow, amountCents: -(input.amountCents + input.feeCents) },
      { account: ledgerAccount.workerPayable(mode, input.workerId), amountCents: input.amountCents },
      ...(input.feeCents > 0 ? [{ account: ledgerAccount.platformFees(mode), amountCents: input.feeCents }] : []),
    ],
  });
}

/** The ledger key of a task's pay released to the worker's payable balance (held). */
export const releaseKey = (mode: LedgerMode, taskId: string) => `${mode}:task:${taskId}:release`;

/** The task's transfer row, unsent (no processor id) until the processor is called; one per task and mode. */
async function insertTransferRow(db: Db, processor: PaymentProcessor, input: TransferToWorkerInput) {
  await db
    .insert(transfers)
    .values({
      userId: input.workerId,
      taskId: input.taskId,
      livemode: processor.livemode,
      processor: processor.name,
      amountCents: input.amountCents,
    })
    .onConflictDoNothing();
}

async function ledgerTransactionExists(tx: Tx, idempotencyKey: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
  return row !== undefined;
}

async function expectHeld(tx: Tx, account: string, cents: number): Promise<void> {
  const held = await lockedBalance(tx, account);
  if (held < cents) {
    throw new ApiError('CONFLICT', {
      message: 'The task’s escrow does not hold this amount',
      hint: 'The task was refunded or never funded; fetch it and branch on its status.',
      details: { heldCents: held },
    });
  }
}
