import type { Tx } from '@/db/client';
import { ApiError } from '@/lib/errors/api-error';
import { processorForTask } from '@/lib/payments/get-processor';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { lockedBalance, postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import { emitPaymentEvent } from './emit-payment-event';
import type { HeldTask } from './held-task';
import { refundTask } from './refund-task';

export async function refundEscrow(tx: Tx, held: HeldTask, description: string) {
  const { task } = held;
  // No funding source recorded (a draft, or a task the claim page posted before it recorded one) is looked up
  // as a card: an unfunded draft has no captured charge (NOT_FOUND below) and refunds nothing. A Shared Payment
  // Token's charge is a card charge at the processor, refunded the same way.
  if (task.fundingSource === 'card' || task.fundingSource === 'mpp' || task.fundingSource === null) {
    try {
      const { refundedCents } = await refundTask(tx, processorForTask(tx, task), { taskId: task.id, description });
      if (refundedCents > 0) await emitPaymentEvent(tx, { held, type: 'payment.refunded', amountCents: refundedCents });
    } catch (error) {
      // A reserved card that was never captured (a failed or abandoned charge) has nothing to refund.
      if (!(error instanceof ApiError && error.code === 'NOT_FOUND')) throw error;
    }
    return;
  }
  if (task.fundingSource === 'x402') {
    const mode = task.livemode ? 'live' : 'test';
    const balance = await lockedBalance(tx, ledgerAccount.escrow(mode, task.id));
    if (balance <= 0) return;
    await emitPaymentEvent(tx, { held, type: 'payment.refunded', amountCents: balance });
    // USDC cannot be pulled back through the card processor: the refund is owed to the payer's wallet.
    await postLedgerTransaction(tx, {
      kind: 'refund',
      idempotencyKey: `${mode}:task:${task.id}:x402-refund`,
      livemode: task.livemode,
      taskId: task.id,
      userId: task.requesterId,
      description: `${description} (x402 refund owed to the paying wallet)`,
      entries: [
        { account: ledgerAccount.escrow(mode, task.id), amountCents: -balance },
        { account: ledgerAccount.refunds(mode, task.requesterId), amountCents: balance },
      ],
    });
  }
}
