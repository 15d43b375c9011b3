import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { transfers } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { type LedgerMode, ledgerAccount } from '@/lib/payments/ledger/accounts';
import { lockedBalance, postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { findPayoutAccount } from './find-payout-account';

export type TransferToWorkerInput = {
  taskId: string;
  workerId: string;
  /** What the worker earns (the task's budget). */
  amountCents: number;
  /** The platform's fee, kept from the escrow in the same movement (0 for released pay: already taken). */
  feeCents: number;
  description: string;
  /** Pay `transferOrHold` held: it comes from what the platform owes the worker, not from the escrow. */
  released?: boolean;
};

/**
 * Pays a worker for a task: the escrow splits into the worker's payout (a transfer to their payout
 * account) and the platform fee. Idempotent by task: the transfer row is locked while the processor is
 * called with the key `task:<id>:transfer`, so a retry (or a concurrent call, or a retry after a
 * processor timeout) reuses the same key and can never pay twice.
 */
export async function transferToWorker(db: Db, processor: PaymentProcessor, input: TransferToWorkerInput) {
  const account = await findPayoutAccount(db, input.workerId, processor);
  if (!account?.payoutsEnabled) {
    throw new ApiError('CONFLICT', {
      message: 'The worker’s payout account cannot receive transfers yet',
      hint: 'The worker must finish payout onboarding (POST /v1/payments/payout-account).',
    });
  }
  return sendTransfer(db, processor, input, account.accountId);
}

/**
 * A completed task's pay: transferred now, or, while the worker's payout account cannot receive transfers
 * (onboarding unfinished, or payouts paused by the processor), held so the task need not wait. Held pay is
 * released from the escrow (the budget to `worker_payable`, the fee to the platform) with an unsent transfer row;
 * `payHeldWorkers` sends it (`released: true`) once the account can receive it. Returns whether it was sent.
 */
export async function transferOrHold(tx: Tx, processor: PaymentProcessor, input: TransferToWorkerInput) {
  const account = await findPayoutAccount(tx, input.workerId, processor);
  if (account?.payoutsEnabled) {
    await sendTransfer(tx, processor, input, account.accountId);
    return true;
  }
  const mode = processor.livemode ? 'live' : 'test';
  const escrow = ledgerAccount.escrow(mode, input.taskId);
  await expectHeld(tx, escrow, input.amountCents + input.feeCents);
  await insertTransferRow(tx, processor, input);
  await postLedgerTransaction(tx, {
    kind: 'release',
    idempotencyKey: `${mode}:task:${input.taskId}:release`,
    livemode: processor.livemode,
    taskId: input.taskId,
    userId: input.workerId,
    description: `${input.description} (held until the worker’s payout account can receive transfers)`,
    entries: movement(mode, escrow, input, ledgerAccount.workerPayable(mode, input.workerId)),
  });
  return false;
}

async function sendTransfer(db: Db, processor: PaymentProcessor, input: TransferToWorkerInput, accountId: string) {
  const mode = processor.livemode ? 'live' : 'test';
  await insertTransferRow(db, processor, input);

  return db.transaction(async (tx) => {
    const [transfer] = await tx
      .select()
      .from(transfers)
      .where(and(eq(transfers.taskId, input.taskId), eq(transfers.livemode, processor.livemode)))
      .for('update');
    if (!transfer) throw new Error('transfer row vanished');
    if (transfer.processorId) return transfer;
    const source = input.released
      ? ledgerAccount.workerPayable(mode, input.workerId)
      : ledgerAccount.escrow(mode, input.taskId);
    await expectHeld(tx, source, input.amountCents + input.feeCents);

    const { transferId } = await processor.inTransaction(tx).transfer({
      accountId,
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
      entries: movement(mode, source, input, ledgerAccount.workerPayouts(mode, input.workerId)),
    });
    return paid ?? transfer;
  });
}

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

/** `from` pays the worker's amount to `to` and the fee (if any) to the platform. */
function movement(mode: LedgerMode, from: string, input: TransferToWorkerInput, to: string) {
  return [
    { account: from, amountCents: -(input.amountCents + input.feeCents) },
    { account: to, amountCents: input.amountCents },
    ...(input.feeCents > 0 ? [{ account: ledgerAccount.platformFees(mode), amountCents: input.feeCents }] : []),
  ];
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
