import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { type Task, type Tip, tips, x402Payments } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import {
  type AcceptedX402Payment,
  checkX402Payment,
  claimX402Payment,
  nonceAlreadyUsed,
  settleX402Payment,
  storedX402Payment,
  type X402PaymentHeader,
  X402Rejection,
} from '@/lib/payments/x402/accept-payment';
import { x402Config } from '@/lib/payments/x402/config';
import { type X402Requirements, x402Requirements } from '@/lib/payments/x402/requirements';
import { bookTip } from '@/lib/services/money/book-tip';
import { cardUnavailable } from '@/lib/services/money/card-unavailable';
import { chargeTip } from '@/lib/services/money/charge-tip';
import type { Funder, FundingOutcome } from '@/lib/services/money/funding-outcome';
import { paymentRefusal } from '@/lib/services/money/payment-refusal';
import { performDuePayments } from '@/lib/services/money/perform-due-payments';
import { reserveTipCard } from '@/lib/services/money/reserve-tip-card';
import { Unfunded } from '@/lib/services/money/unfunded';
import { readTaskAccess } from '@/lib/services/tasks/read-task-access';
import { taskNotFound } from '@/lib/services/tasks/task-not-found';
import { refuseUntippable } from './tip-rules';

export type TipTask = {
  funder: Funder;
  taskId: string;
  amountCents: number;
  /** The Idempotency-Key and the body, hashed (creationKeyOf); required. */
  key: { key: string; requestHash: string } | undefined;
};

type PaymentRequired = Extract<FundingOutcome, { kind: 'paymentRequired' }>;
export type TipOutcome = { kind: 'paid'; tip: Tip; paymentHeaders?: Record<string, string> } | PaymentRequired;

type Claimed = { tip: Tip; task: Task; payment?: X402PaymentHeader; requirements: X402Requirements };

/**
 * Tips a completed task's worker. The tip row is claimed with the caller's Idempotency-Key under the task's lock (the
 * budget and cap checks see every other tip), then paid outside any transaction (the card charged, or the x402
 * authorization settled), then booked in one transaction with its ledger movement, its event and the worker's notice.
 * A retry with the same key finds the row and resumes where it stopped; its transfer is sent after the commit.
 */
export async function tipTask(db: Db, { funder, taskId, amountCents, key }: TipTask): Promise<TipOutcome> {
  if (!key) {
    throw new ApiError('VALIDATION_ERROR', {
      message: 'A tip needs an Idempotency-Key',
      hint: 'Send a unique `Idempotency-Key` header per tip; retry with the same one to get the same tip.',
      issues: [{ path: ['Idempotency-Key'], message: 'Required: a tip moves money' }],
    });
  }
  let claimed: Claimed;
  try {
    claimed = await db.transaction((tx) => claimTip(tx, { funder, taskId, amountCents, key }));
  } catch (error) {
    if (error instanceof Unfunded && error.outcome.kind === 'paymentRequired') return error.outcome;
    throw error;
  }
  const outcome = await payTip(db, funder, claimed);
  if (outcome.kind === 'paid') await performDuePayments(db, { taskId });
  return outcome;
}

type ClaimInput = Omit<TipTask, 'key'> & { key: { key: string; requestHash: string } };

async function claimTip(tx: Tx, { funder, taskId, amountCents, key }: ClaimInput): Promise<Claimed> {
  const { user } = funder;
  const access = await readTaskAccess(tx, { taskId, userId: user.id, forUpdate: true });
  if (access.side === null) throw taskNotFound();
  if (access.side !== 'requester') throw new ApiError('FORBIDDEN', { message: 'Only the requester can tip this task' });
  const task = access.task;
  const requirements = x402Requirements({
    totalCents: amountCents,
    resource: funder.x402.resource,
    description: `Legwork tip: ${task.title}`.slice(0, 200),
  });
  const [existing] = await tx
    .select()
    .from(tips)
    .where(and(eq(tips.tipperId, user.id), eq(tips.creationKey, key.key)))
    .for('update');
  if (existing && existing.requestHash !== key.requestHash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
  // A tip being paid (a retry after a crash) or paid already: resumed, whatever this request offers.
  if (existing && existing.status !== 'failed') return { tip: existing, task, requirements };

  await refuseUntippable(tx, task, amountCents, existing?.id);
  const refuse = (error: unknown) => {
    const refused = paymentRefusal(error, { requirements, funder });
    return refused ? new Unfunded(refused) : error;
  };
  const { payment } = funder.x402;
  if (payment instanceof X402Rejection) throw refuse(payment);
  let paid: Pick<Tip, 'source' | 'payerId' | 'x402PaymentId'>;
  if (payment) {
    if (funder.processor.livemode && !x402Config().facilitatorUrl) {
      throw refuse(
        new X402Rejection('unexpected_settle_error', 'Live x402 payments need X402_FACILITATOR_URL; pay by card'),
      );
    }
    const authorization = await checkX402Payment(payment, requirements).catch((error) => {
      throw refuse(error);
    });
    const paymentId = await claimX402Payment(tx, { payment, requirements, authorization });
    if (!paymentId) throw refuse(nonceAlreadyUsed());
    paid = { source: 'x402', payerId: user.id, x402PaymentId: paymentId };
  } else {
    const card = await reserveTipCard(tx, {
      processor: funder.processor,
      // The requesting agent pays with its operator's card within its cap; an operator tipping from the dashboard
      // pays with their own card (fund-task.ts, fundingUser).
      user: task.requesterId === user.id ? user : { id: user.id, type: 'human', ownerId: null },
      amountCents,
    });
    if ('refusal' in card) throw new Unfunded(cardUnavailable(card, { requirements, funder }));
    paid = { source: 'card', payerId: card.payerId, x402PaymentId: null };
  }
  const values = {
    ...paid,
    amountCents,
    status: 'pending' as const,
    failureCode: null,
    failureMessage: null,
    livemode: task.livemode,
  };
  if (existing) {
    const [retried] = await tx.update(tips).set(values).where(eq(tips.id, existing.id)).returning();
    if (!retried) throw new Error('tip row vanished');
    return { tip: retried, task, payment: payment ?? undefined, requirements };
  }
  if (!task.workerId) throw new Error(`completed task ${task.id} has no worker`);
  const [tip] = await tx
    .insert(tips)
    .values({
      ...values,
      taskId: task.id,
      tipperId: user.id,
      workerId: task.workerId,
      creationKey: key.key,
      requestHash: key.requestHash,
    })
    .returning();
  if (!tip) throw new Error('tip insert failed');
  return { tip, task, payment: payment ?? undefined, requirements };
}

async function payTip(db: Db, funder: Funder, { tip, task, payment, requirements }: Claimed): Promise<TipOutcome> {
  if (tip.status === 'paid') return { kind: 'paid', tip };
  if (tip.source === 'card') {
    try {
      return { kind: 'paid', tip: await chargeTip(db, { processor: funder.processor, tip, taskTitle: task.title }) };
    } catch (error) {
      const refused = paymentRefusal(error, { requirements, funder });
      if (refused && refused.kind === 'paymentRequired') return refused;
      throw error;
    }
  }
  try {
    const paid = await settleTipPayment(db, tip, payment, requirements);
    const booked = await bookTip(db, { tipId: tip.id, reference: paid.transaction });
    return { kind: 'paid', tip: booked, paymentHeaders: paid.responseHeaders };
  } catch (error) {
    if (!(error instanceof X402Rejection)) throw error;
    await db
      .update(tips)
      .set({ status: 'failed', failureCode: error.reason, failureMessage: error.message })
      .where(and(eq(tips.id, tip.id), eq(tips.status, 'pending')));
    const refused = paymentRefusal(error, { requirements, funder });
    if (refused && refused.kind === 'paymentRequired') return refused;
    throw error;
  }
}

// A claim from this request is settled now; one found on a retry is settled from what was stored with it.
async function settleTipPayment(
  db: Db,
  tip: Tip,
  payment: X402PaymentHeader | undefined,
  requirements: X402Requirements,
): Promise<Pick<AcceptedX402Payment, 'transaction' | 'responseHeaders'>> {
  if (!tip.x402PaymentId) throw new Error(`x402 tip ${tip.id} has no payment`);
  const [row] = await db.select().from(x402Payments).where(eq(x402Payments.id, tip.x402PaymentId));
  if (!row) throw nonceAlreadyUsed();
  if (row.status === 'settled' && row.transaction) return { transaction: row.transaction, responseHeaders: {} };
  const resumed = payment === undefined;
  return settleX402Payment(
    db,
    {
      paymentId: row.id,
      payment: payment ?? storedX402Payment(row.payload),
      requirements: (row.requirements as X402Requirements | null) ?? requirements,
    },
    { resumed },
  );
}
