import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { transfers } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
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
 * processor timeout) reuses the same key and can never pay twice.
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

  return db.transaction(async (tx) => {
    const [transfer] = await tx
      .select()
      .from(transfers)
      .where(and(eq(transfers.taskId, input.taskId), eq(transfers.livemode, processor.livemode)))
      .for('update');
    if (!transfer) throw new Error('transfer row vanished');
    if (transfer.processorId) return transfer;
    const held = await lockedBalance(tx, ledgerAccount.escrow(mode, input.taskId));
    if (held < input.amountCents + input.feeCents) {
      throw new ApiError('CONFLICT', {
        message: 'The task’s escrow does not hold this amount',
        hint: 'The task was refunded or never funded; fetch it and branch on its status.',
        details: { heldCents: held },
      });
    }

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
      entries: [
        { account: ledgerAccount.escrow(mode, input.taskId), amountCents: -(input.amountCents + input.feeCents) },
        { account: ledgerAccount.workerPayouts(mode, input.workerId), amountCents: input.amountCents },
        ...(input.feeCents > 0 ? [{ account: ledgerAccount.platformFees(mode), amountCents: input.feeCents }] : []),
      ],
    });
    return paid ?? transfer;
  });
}
