import type { Tx } from '@/db/client';
import { processorForTask } from '@/lib/payments/get-processor';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import { emitPaymentEvent } from './emit-payment-event';
import type { HeldTask } from './held-task';
import { refundTask } from './refund-task';

export type RefundPriceDifferenceOptions = {
  amountCents: number;
  /** What the price change is (an offer's id): one refund per cause, however often a transaction is retried. */
  cause: string;
  description: string;
};

// A re-priced task gives back what its escrow holds beyond the new total, in the caller's transaction (the one that
// changes the price): a card's partial refund goes to the payment outbox (refundTask; sent after the commit), an
// x402 payment's is owed back to the wallet on the ledger as a full x402 refund is (refundEscrow).
export async function refundPriceDifference(tx: Tx, held: HeldTask, options: RefundPriceDifferenceOptions) {
  const { task } = held;
  const { amountCents, cause, description } = options;
  if (amountCents <= 0) return;
  if (task.fundingSource === 'x402') {
    const mode = task.livemode ? 'live' : 'test';
    await postLedgerTransaction(tx, {
      kind: 'refund',
      idempotencyKey: `${mode}:task:${task.id}:x402-refund:${cause}`,
      livemode: task.livemode,
      taskId: task.id,
      userId: task.requesterId,
      description: `${description} (x402 refund owed to the paying wallet)`,
      entries: [
        { account: ledgerAccount.escrow(mode, task.id), amountCents: -amountCents },
        { account: ledgerAccount.refunds(mode, task.requesterId), amountCents },
      ],
    });
  } else {
    await refundTask(tx, processorForTask(tx, task), { taskId: task.id, amountCents, description });
  }
  await emitPaymentEvent(tx, { held, type: 'payment.refunded', amountCents });
}
