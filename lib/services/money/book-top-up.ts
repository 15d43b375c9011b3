import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { charges, x402Payments } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import { emitPaymentEvent } from './emit-payment-event';
import type { HeldTask } from './held-task';

export type TopUpPayment = {
  amountCents: number;
  /** The card charge (pi_…) or the x402 settlement's transaction. */
  reference: string;
  paidBy: { source: 'card'; chargeId: string; payerId: string } | { source: 'x402'; paymentId: string };
};

/**
 * A paid top-up (an offer accepted above the budget, lib/services/offers/top-up-offer.ts) into the task's escrow, in
 * the caller's transaction: its charge `succeeded` (or its x402 payment booked to the task), `payment.succeeded`, then
 * the ledger, whose locks come last. Keyed by the charge or the payment, so it is booked once.
 */
export async function bookTopUpPayment(tx: Tx, held: HeldTask, { amountCents, reference, paidBy }: TopUpPayment) {
  const { task } = held;
  const mode = task.livemode ? 'live' : 'test';
  if (paidBy.source === 'card') {
    await tx
      .update(charges)
      .set({ status: 'succeeded', processorId: reference, failureCode: null, failureMessage: null })
      .where(eq(charges.id, paidBy.chargeId));
  } else {
    await tx
      .update(x402Payments)
      .set({ taskId: task.id, bookedAt: new Date(), updatedAt: new Date() })
      .where(eq(x402Payments.id, paidBy.paymentId));
  }
  await emitPaymentEvent(tx, { held, type: 'payment.succeeded', amountCents });
  const card = paidBy.source === 'card';
  await postLedgerTransaction(tx, {
    kind: card ? 'charge' : 'x402_receipt',
    idempotencyKey: card ? `${mode}:charge:${paidBy.chargeId}` : `${mode}:x402:${paidBy.paymentId}:top-up`,
    livemode: task.livemode,
    taskId: task.id,
    userId: card ? paidBy.payerId : task.requesterId,
    reference,
    description: `Offer above budget: ${task.title}`,
    entries: [
      {
        account: card ? ledgerAccount.requesterFunding(mode, paidBy.payerId) : ledgerAccount.x402Receipts(mode),
        amountCents: -amountCents,
      },
      { account: ledgerAccount.escrow(mode, task.id), amountCents },
    ],
  });
}
