import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { type Charge, charges, taskOffers, users, x402Payments } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { processorForTask } from '@/lib/payments/get-processor';
import {
  checkX402Payment,
  claimX402Payment,
  nonceAlreadyUsed,
  settleX402Payment,
  storedX402Payment,
  type X402PaymentHeader,
  X402Rejection,
} from '@/lib/payments/x402/accept-payment';
import { x402Config } from '@/lib/payments/x402/config';
import { recordUnusedX402Payment } from '@/lib/payments/x402/record-receipt';
import { ATOMIC_UNITS_PER_CENT, type X402Requirements, x402Requirements } from '@/lib/payments/x402/requirements';
import { bookTopUpPayment } from '@/lib/services/money/book-top-up';
import { chargeDeclined } from '@/lib/services/money/charge-declined';
import { emitPaymentEvent } from '@/lib/services/money/emit-payment-event';
import { findPaymentCustomer } from '@/lib/services/money/find-payment-customer';
import type { Funder, FundingOutcome } from '@/lib/services/money/funding-outcome';
import type { HeldTask } from '@/lib/services/money/held-task';
import { loadPlatformTask } from '@/lib/services/money/load-platform-task';
import { paymentRefusal } from '@/lib/services/money/payment-refusal';
import { refundTask } from '@/lib/services/money/refund-task';
import { cardSpend } from '@/lib/services/money/reserve-card-funding';
import type { TaskAccess } from '@/lib/services/tasks/read-task-access';

export type PaymentRequired = Extract<FundingOutcome, { kind: 'paymentRequired' }>;

/** What accepting an offer above the budget pays on top of what the task holds, by the task's own funding source. */
export type TopUp = { offerId: string; taskId: string; title: string; amountCents: number } & (
  | { source: 'card'; charge: Charge; customerId: string; paymentMethodId: string }
  | { source: 'x402'; paymentId: string; payment?: X402PaymentHeader; requirements: X402Requirements }
);

export type PaidTopUp = { topUp: TopUp; reference: string; paymentHeaders?: Record<string, string> };

type Claim = { access: TaskAccess; offer: { id: string; priceCents: number }; amountCents: number; funder: Funder };

/**
 * Claims the top-up in the caller's transaction (the task's row, then the offer's, are locked): a card top-up is a
 * `processing` charge row of the funding card's owner, within the requesting agent's spending limit; an x402 one is
 * the caller's payment, checked and claimed (without one, the 402 that asks for it). A claim found from an earlier
 * attempt is resumed, so a retry after a crash charges once.
 */
export async function claimTopUp(tx: Tx, claim: Claim): Promise<TopUp | PaymentRequired> {
  const { task } = claim.access;
  if (task.fundingSource === 'card') return claimCardTopUp(tx, claim);
  if (task.fundingSource === 'x402') return claimX402TopUp(tx, claim);
  throw new ApiError('OFFER_ABOVE_BUDGET', {
    message: 'This task was paid in a way that cannot be topped up, so it can take only offers within its budget',
    details: { priceCents: claim.offer.priceCents, budgetCents: task.budgetCents },
  });
}

async function claimCardTopUp(tx: Tx, { access, offer, amountCents, funder }: Claim): Promise<TopUp> {
  const { task } = access;
  const base = { offerId: offer.id, taskId: task.id, title: task.title, amountCents, source: 'card' as const };
  const processor = processorForTask(tx, task);
  const [resumed] = await tx
    .select()
    .from(charges)
    .where(and(eq(charges.offerId, offer.id), eq(charges.status, 'processing')))
    .for('update');
  const [funding] = await tx
    .select({ userId: charges.userId })
    .from(charges)
    .where(and(eq(charges.taskId, task.id), eq(charges.livemode, task.livemode), isNull(charges.offerId)));
  if (!funding) throw new Error(`card-funded task ${task.id} has no funding charge`);
  // The card that funded the task pays the difference: the operator's for an agent, the claimer's for a claim.
  const customer = await findPaymentCustomer(tx, funding.userId, processor);
  if (!customer?.paymentMethodId) {
    throw new ApiError('PAYMENT_REQUIRED', {
      message: 'The card that paid for this task is no longer on file, so the difference cannot be charged',
      hint: 'Add a card with POST /v1/payments/wallet/setup (or on the dashboard), then accept again.',
    });
  }
  const card = { customerId: customer.customerId, paymentMethodId: customer.paymentMethodId };
  if (resumed) {
    if (resumed.amountCents !== amountCents) throw priceChanged();
    return { ...base, ...card, charge: resumed };
  }
  await refuseAboveLimit(tx, funder, amountCents);
  const [charge] = await tx
    .insert(charges)
    .values({
      userId: funding.userId,
      taskId: task.id,
      offerId: offer.id,
      livemode: task.livemode,
      processor: processor.name,
      amountCents,
    })
    .returning();
  if (!charge) throw new Error('top-up charge insert returned no row');
  return { ...base, ...card, charge };
}

// The agent's row is locked before its spend is counted, as for a task (reserve-card-funding.ts).
async function refuseAboveLimit(tx: Tx, funder: Funder, amountCents: number) {
  if (funder.user.type !== 'agent') return;
  const [agent] = await tx
    .select({ limit: users.spendingLimitCents })
    .from(users)
    .where(eq(users.id, funder.user.id))
    .for('no key update');
  if (agent?.limit === null || agent?.limit === undefined) return;
  const remainingCents = Math.max(0, agent.limit - (await cardSpend(tx, { agentId: funder.user.id })));
  if (amountCents <= remainingCents) return;
  throw new ApiError('PAYMENT_REQUIRED', {
    message: `The difference of ${amountCents} cents is above what the agent’s spending limit leaves (${remainingCents} cents)`,
    hint: 'Ask the operator to raise the agent’s spending limit, or accept an offer within the budget.',
    details: { reason: 'spending_limit_exceeded', remainingCents },
  });
}

async function claimX402TopUp(tx: Tx, { access, offer, amountCents, funder }: Claim): Promise<TopUp | PaymentRequired> {
  const { task } = access;
  const base = { offerId: offer.id, taskId: task.id, title: task.title, amountCents, source: 'x402' as const };
  const requirements = x402Requirements({
    totalCents: amountCents,
    resource: funder.x402.resource,
    description: `Legwork offer above budget: ${task.title}`.slice(0, 200),
  });
  const [locked] = await tx
    .select({ paymentId: taskOffers.topUpX402PaymentId })
    .from(taskOffers)
    .where(eq(taskOffers.id, offer.id));
  if (locked?.paymentId) {
    const [row] = await tx.select().from(x402Payments).where(eq(x402Payments.id, locked.paymentId));
    if (row && BigInt(row.amountAtomic) === BigInt(amountCents) * ATOMIC_UNITS_PER_CENT) {
      const stored = (row.requirements as X402Requirements | null) ?? requirements;
      return { ...base, paymentId: row.id, requirements: stored };
    }
  }
  if (!funder.viaApiKey) {
    throw new ApiError('PAYMENT_REQUIRED', {
      message: `This task was paid with x402; its agent pays the difference of ${amountCents} cents the same way`,
      hint: 'Accept this offer through the API with the agent’s key (POST /v1/tasks/{id}/offers/{offerId}/accept).',
    });
  }
  const { payment } = funder.x402;
  const refuse = (error: unknown): PaymentRequired => {
    const refused = paymentRefusal(error, { requirements, funder });
    if (refused?.kind !== 'paymentRequired') throw error;
    return refused;
  };
  if (payment instanceof X402Rejection) return refuse(payment);
  if (!payment) {
    return {
      kind: 'paymentRequired',
      requirements,
      refusal: {
        message: `This offer costs ${amountCents} cents more than the task holds; pay the difference with x402`,
        hint: 'Sign accepts[0] and send it in the PAYMENT-SIGNATURE header with the same request.',
      },
    };
  }
  if (funder.processor.livemode && !x402Config().facilitatorUrl) {
    return refuse(new X402Rejection('unexpected_settle_error', 'Live x402 payments need X402_FACILITATOR_URL'));
  }
  let authorization: Awaited<ReturnType<typeof checkX402Payment>>;
  try {
    authorization = await checkX402Payment(payment, requirements);
  } catch (error) {
    return refuse(error);
  }
  const paymentId = await claimX402Payment(tx, { payment, requirements, authorization });
  if (!paymentId) return refuse(nonceAlreadyUsed());
  await tx.update(taskOffers).set({ topUpX402PaymentId: paymentId }).where(eq(taskOffers.id, offer.id));
  return { ...base, paymentId, payment, requirements };
}

/**
 * Pays a claimed top-up, outside any transaction. A declined card leaves its charge `failed` and throws
 * PAYMENT_FAILED; a refused x402 payment frees the offer for another one and answers with the 402.
 */
export async function payTopUp(db: Db, funder: Funder, topUp: TopUp): Promise<PaidTopUp | PaymentRequired> {
  if (topUp.source === 'card') {
    const outcome = await processorForTask(db, { livemode: topUp.charge.livemode }).chargeCard({
      customerId: topUp.customerId,
      paymentMethodId: topUp.paymentMethodId,
      amountCents: topUp.amountCents,
      idempotencyKey: `charge:${topUp.charge.id}`,
      transferGroup: `task:${topUp.taskId}`,
      description: `Offer above budget: ${topUp.title}`,
    });
    if (outcome.status === 'failed') {
      const hint = 'Nothing was charged and the offer is still open: update the card, or accept another offer.';
      throw await chargeDeclined(db, topUp.charge.id, outcome, hint);
    }
    return { topUp, reference: outcome.processorId };
  }
  try {
    const [row] = await db.select().from(x402Payments).where(eq(x402Payments.id, topUp.paymentId));
    if (!row) throw nonceAlreadyUsed();
    if (row.status === 'settled' && row.transaction) return { topUp, reference: row.transaction };
    const paid = await settleX402Payment(
      db,
      {
        paymentId: row.id,
        payment: topUp.payment ?? storedX402Payment(row.payload),
        requirements: topUp.requirements,
      },
      { resumed: topUp.payment === undefined },
    );
    return { topUp, reference: paid.transaction, paymentHeaders: paid.responseHeaders };
  } catch (error) {
    if (!(error instanceof X402Rejection)) throw error;
    await db
      .update(taskOffers)
      .set({ topUpX402PaymentId: null })
      .where(and(eq(taskOffers.id, topUp.offerId), eq(taskOffers.topUpX402PaymentId, topUp.paymentId)));
    const refused = paymentRefusal(error, { requirements: topUp.requirements, funder });
    if (refused?.kind !== 'paymentRequired') throw error;
    return refused;
  }
}

/** The paid difference into the task's escrow, in the acceptance's transaction (book-top-up.ts). */
export function bookTopUp(tx: Tx, held: HeldTask, { topUp, reference }: PaidTopUp) {
  const paidBy =
    topUp.source === 'card'
      ? { source: 'card' as const, chargeId: topUp.charge.id, payerId: topUp.charge.userId }
      : { source: 'x402' as const, paymentId: topUp.paymentId };
  return bookTopUpPayment(tx, held, { amountCents: topUp.amountCents, reference, paidBy });
}

/**
 * A top-up paid for an acceptance that then failed (another worker took the task meanwhile, the offer was withdrawn):
 * the money is put on the books and given back at once, a card's as a refund of that charge (sent after the
 * commit), an x402 payment's as owed back to the wallet.
 */
export async function refundUnusedTopUp(db: Db, paid: PaidTopUp) {
  const { topUp } = paid;
  if (topUp.source === 'x402') {
    const held = await loadPlatformTask(db, topUp.taskId, false);
    if (!held) throw new Error(`task ${topUp.taskId} vanished`);
    await recordUnusedX402Payment(db, {
      paymentId: topUp.paymentId,
      taskId: topUp.taskId,
      userId: held.task.requesterId,
      livemode: held.task.livemode,
    });
    return;
  }
  await db.transaction(async (tx) => {
    const held = await loadPlatformTask(tx, topUp.taskId, true);
    if (!held) throw new Error(`task ${topUp.taskId} vanished`);
    await bookTopUp(tx, held, paid);
    await refundTask(tx, processorForTask(tx, held.task), {
      taskId: topUp.taskId,
      amountCents: topUp.amountCents,
      description: `Refund: the offer above budget was not accepted (${held.task.title})`,
    });
    await emitPaymentEvent(tx, { held, type: 'payment.refunded', amountCents: topUp.amountCents });
  });
}

export function priceChanged() {
  return new ApiError('CONFLICT', {
    message: 'The task’s price changed while this offer was being accepted',
    hint: 'Fetch the task and its offers, then accept again.',
  });
}
