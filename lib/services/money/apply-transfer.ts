import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { ledgerTransactions, transfers } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { notifyPayoutSent } from '@/lib/services/notifications/notify-payout-sent';
import { emitPaymentEvent } from './emit-payment-event';
import { transferSource } from './expect-transfer-held';
import { loadPlatformTask } from './load-platform-task';
import { transferMovement } from './transfer-movement';

export type ApplyTransferOptions = { processor: PaymentProcessor; transferRowId: string; transferId: string };

// One short transaction; a row already booked (a replayed send) changes nothing.
export async function applyTransfer(db: Db, { processor, transferRowId, transferId }: ApplyTransferOptions) {
  const mode = processor.livemode ? 'live' : 'test';
  return db.transaction(async (tx) => {
    const [transfer] = await tx.select().from(transfers).where(eq(transfers.id, transferRowId)).for('update');
    if (!transfer?.taskId || transfer.processorId) return false;
    const held = await loadPlatformTask(tx, transfer.taskId);
    const { booked, from } = await transferSource(tx, { transfer, mode });
    await tx
      .update(transfers)
      .set({ processorId: transferId, status: processor.name === 'test-mode' ? 'paid' : 'pending', lastError: null })
      .where(eq(transfers.id, transfer.id));
    const key = `${mode}:task:${transfer.taskId}:transfer`;
    if (booked) {
      await tx
        .update(ledgerTransactions)
        .set({ reference: transferId })
        .where(eq(ledgerTransactions.idempotencyKey, key));
    } else {
      await postLedgerTransaction(tx, {
        kind: 'transfer',
        idempotencyKey: key,
        livemode: processor.livemode,
        taskId: transfer.taskId,
        userId: transfer.userId,
        reference: transferId,
        description: held ? `Task: ${held.task.title}` : 'Paid out to worker',
        entries: transferMovement({
          mode,
          from,
          to: ledgerAccount.workerPayouts(mode, transfer.userId),
          input: { amountCents: transfer.amountCents, feeCents: 0 },
        }),
      });
    }
    if (held) {
      await emitPaymentEvent(tx, { held, type: 'payment.transferred', amountCents: transfer.amountCents });
      await notifyPayoutSent(tx, { task: held.task, amountCents: transfer.amountCents, transferId: transfer.id });
    }
    return true;
  });
}
