import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { transfers } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { expectHeld } from './expect-held';
import { insertTransferRow } from './insert-transfer-row';
import { transferMovement } from './transfer-movement';
import type { TransferToWorkerInput } from './transfer-to-worker-input';

export type SendTransferOptions = {
  processor: PaymentProcessor;
  input: TransferToWorkerInput;
  /** The worker's payout account at the processor. */
  accountId: string;
};

/**
 * Sends the task's transfer to the worker's payout account, at most once: the transfer row is locked while the
 * processor is called with the key `task:<id>:transfer`, and a row that already has a processor id is returned
 * as it is. The money comes from the task's escrow, or from what the platform owes the worker (`released`).
 */
export async function sendTransfer(db: Db, { processor, input, accountId }: SendTransferOptions) {
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
      entries: transferMovement({ mode, from: source, to: ledgerAccount.workerPayouts(mode, input.workerId), input }),
    });
    return paid ?? transfer;
  });
}
