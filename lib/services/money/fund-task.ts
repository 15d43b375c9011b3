import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { type Task, x402Payments } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { logger } from '@/lib/logger';
import { MppRejection } from '@/lib/payments/mpp/rejection';
import {
  type AcceptedX402Payment,
  acceptedX402Payment,
  checkX402Payment,
  claimX402Payment,
  nonceAlreadyUsed,
  recordUnusedX402Payment,
  settleX402Payment,
  storedX402Payment,
  type X402PaymentHeader,
  X402Rejection,
  x402AuthorizationKey,
} from '@/lib/payments/x402/accept-payment';
import { x402Config } from '@/lib/payments/x402/config';
import type { X402Requirements } from '@/lib/payments/x402/requirements';
import { cardUnavailable } from './card-unavailable';
import { chargeCard } from './charge-card';
import { claimFundingSource } from './claim-funding-source';
import { CrashError, crashPoint } from './funding-faults';
import type { Funder, FundingOutcome, FundingPlan } from './funding-outcome';
import { isCardRefusal } from './is-card-refusal';
import { payByMpp } from './pay-by-mpp';
import { refundUnpostedCharge } from './refund-unposted-charge';
import { refusedOrThrow, requirementsOf } from './refused-or-throw';
import { releaseFundingSource } from './release-funding-source';
import { reserveCardFunding } from './reserve-card-funding';
import { Unfunded } from './unfunded';
import { withMppChallenge } from './with-mpp-challenge';

// The draft was already posted (a retry after a crash past the post, or the reconciliation job finished it).
export class AlreadyPosted extends Error {
  constructor(readonly task: Task) {
    super('the draft was posted already');
  }
}

// The funding source is claimed first, in one transaction with the draft, so two publishes of one draft can never
// both pay: the second is 409 before it charges or settles anything.
export async function fundTask(db: Db, funder: Funder, plan: FundingPlan): Promise<FundingOutcome> {
  try {
    const { payment } = funder.x402;
    const credential = funder.mpp?.credential;
    if (payment && credential) {
      const both = new MppRejection(
        'malformed-credential',
        'Send one payment: an x402 payment or a Payment credential',
      );
      return withMppChallenge(await payByMpp(db, { funder, plan, credential: both }), funder);
    }
    if (credential) return withMppChallenge(await payByMpp(db, { funder, plan, credential }), funder);
    return withMppChallenge(
      await (payment ? payByX402(db, { funder, plan, payment }) : payByCard(db, funder, plan)),
      funder,
    );
  } catch (error) {
    if (error instanceof Unfunded) return withMppChallenge(error.outcome, funder);
    if (error instanceof AlreadyPosted) return { kind: 'posted', task: error.task };
    throw error;
  }
}

type X402Funding = { funder: Funder; plan: FundingPlan; payment: X402PaymentHeader | X402Rejection };

// Each step leaves a trace the next request or the job (reconcile-x402-payments.ts) can finish from; a retry of
// the same payment for the same draft (same Idempotency-Key after a crash) resumes at the step it reached.
async function payByX402(db: Db, { funder, plan, payment }: X402Funding): Promise<FundingOutcome> {
  const { crashAt } = funder;
  const { draft, intent } = await db.transaction(async (tx) => {
    const task = await plan.draft(tx);
    if (payment instanceof X402Rejection) throw new Unfunded(refusedOrThrow(payment, funder, task));
    plan.ready?.(task);
    const refuse = (error: unknown) => new Unfunded(refusedOrThrow(error, funder, task));
    const requirements = requirementsOf(funder, task);
    const previous = await findIntent(tx, payment, requirements);
    if (previous) {
      // This payment's intent for this very draft: a retry after a crash takes it up where it stopped.
      if (previous.draftTaskId !== task.id || previous.bookedAt) throw refuse(nonceAlreadyUsed());
      return { draft: task, intent: { ...previous, resumed: true } };
    }
    await claimFundingSource(tx, task.id, 'x402');
    if (funder.processor.livemode && !x402Config().facilitatorUrl) {
      // Without a facilitator a payment would be recorded as settled after the signature check alone.
      const message = 'Live x402 payments need X402_FACILITATOR_URL; pay by card';
      throw refuse(new X402Rejection('unexpected_settle_error', message));
    }
    const authorization = await checkX402Payment(payment, requirements).catch((error) => {
      throw refuse(error);
    });
    crashPoint(crashAt, 'afterClaim');
    const stored = { draftTaskId: task.id, requesterId: task.requesterId, livemode: task.livemode };
    const paymentId = await claimX402Payment(tx, { payment, requirements, authorization, intent: stored });
    if (!paymentId) throw refuse(nonceAlreadyUsed());
    const intent: Intent = { id: paymentId, status: 'claimed', transaction: null, payment, requirements };
    return { draft: task, intent };
  });
  crashPoint(crashAt, 'afterIntent');
  const settling = { paymentId: intent.id, payment: intent.payment, requirements: intent.requirements };
  let paid: AcceptedX402Payment;
  if (intent.status === 'settled' && intent.transaction) {
    paid = acceptedX402Payment({ ...settling, transaction: intent.transaction });
  } else {
    const resumed = intent.resumed;
    try {
      const afterSettle = () => crashPoint(crashAt, 'afterSettle');
      paid = await settleX402Payment(db, settling, { afterSettle, resumed });
    } catch (error) {
      if (error instanceof CrashError) throw error;
      // A resumed claim may have settled before the crash: it keeps its intent and its draft, for the job.
      if (!resumed) {
        await dropIntent(db, intent.id);
        await plan.undo(draft.id, 'x402');
      }
      return refusedOrThrow(error, funder, draft);
    }
  }
  crashPoint(crashAt, 'beforePost');
  try {
    const task = await plan.post(db, { user: funder.user, taskId: draft.id, source: 'x402', x402: paid });
    return { kind: 'posted', task, paymentHeaders: paid.responseHeaders };
  } catch (error) {
    if (error instanceof CrashError) throw error;
    // Settled, yet no task took it: on the books as owed back.
    await recordUnusedX402Payment(db, {
      paymentId: paid.paymentId,
      taskId: draft.id,
      userId: draft.requesterId,
      livemode: funder.processor.livemode,
    });
    await releaseFundingSource(db, draft.id, 'x402');
    throw paymentOwedBack(error);
  }
}

type Intent = {
  id: string;
  status: 'claimed' | 'settled';
  transaction: string | null;
  payment: X402PaymentHeader;
  requirements: X402Requirements;
  /** Claimed by an earlier attempt that died: it may have settled already. */
  resumed?: boolean;
};

async function findIntent(tx: Tx, payment: X402PaymentHeader, requirements: X402Requirements) {
  const { from, nonce } = payment.payload.payload.authorization;
  const key = x402AuthorizationKey(requirements, from, nonce);
  const [row] = await tx
    .select()
    .from(x402Payments)
    .where(
      and(
        eq(x402Payments.network, key.network),
        eq(x402Payments.asset, key.asset),
        eq(x402Payments.payer, key.payer),
        eq(x402Payments.nonce, key.nonce),
      ),
    )
    .for('update');
  if (!row) return undefined;
  const intent: Intent = {
    id: row.id,
    status: row.status,
    transaction: row.transaction,
    // Settled from what was claimed (a row older than the intent: as sent now, which matched its key).
    payment: row.payload ? storedX402Payment(row.payload) : payment,
    requirements: (row.requirements as X402Requirements | null) ?? requirements,
  };
  return { ...intent, draftTaskId: row.draftTaskId, bookedAt: row.bookedAt };
}

// The request gave the draft up, so the job must not settle this authorization later behind the payer's back.
// The claimed row stays, the trace to reconcile by hand.
async function dropIntent(db: Db, paymentId: string) {
  await db
    .update(x402Payments)
    .set({ draftTaskId: null, updatedAt: new Date() })
    .where(and(eq(x402Payments.id, paymentId), eq(x402Payments.status, 'claimed')));
}

function paymentOwedBack(error: unknown): ApiError {
  const hint =
    'Your x402 payment settled but no task took it; it is recorded as owed back to the paying wallet. ' +
    'Fetch the task and branch on its status; to post it, pay its current total with a new authorization.';
  if (error instanceof ApiError) {
    return new ApiError(error.code, { message: error.message, hint, details: error.details, headers: error.headers });
  }
  logger.error('posting an x402-paid task failed after settlement', { error });
  return new ApiError('CONFLICT', { message: 'The task could not be posted with the settled x402 payment', hint });
}

// When no card can pay, the reservation rolls back with the claim (and a new draft with it).
async function payByCard(db: Db, funder: Funder, plan: FundingPlan): Promise<FundingOutcome> {
  const { processor, user } = funder;
  const { task, payerId, agentId } = await db.transaction(async (tx) => {
    const task = await plan.draft(tx);
    plan.ready?.(task);
    const payer = fundingUser(user, task);
    const card = await reserveCardFunding(tx, { processor, user: payer, task });
    if ('refusal' in card)
      throw new Unfunded(cardUnavailable(card, { requirements: requirementsOf(funder, task), funder }));
    // An agent paying with its operator's card: the operator hears of the charge (charge-for-task.ts).
    return { task, payerId: card.payerId, agentId: payer.type === 'agent' ? payer.id : undefined };
  });
  crashPoint(funder.crashAt, 'afterClaim');
  let charge: Awaited<ReturnType<typeof chargeCard>>;
  try {
    charge = await chargeCard(db, { processor, task, payerId, agentId });
  } catch (error) {
    if (error instanceof CrashError) throw error;
    // Only a charge that certainly did not happen gives the draft up; otherwise (a charge in flight, an unknown
    // outcome) the card keeps its claim, and a retry by card finds the one charge.
    if (isCardRefusal(error)) await plan.undo(task.id, 'card');
    return refusedOrThrow(error, funder, task);
  }
  plan.charged?.(charge);
  if (charge.refundedCents > 0) {
    // This draft's card payment was taken once and given back; charging it again would need a new charge.
    await releaseFundingSource(db, task.id, 'card');
    throw new ApiError('CONFLICT', {
      message: 'This draft’s card payment was refunded after an earlier failed publish',
      hint: 'Create the task again with POST /v1/tasks, or publish this draft with an x402 payment.',
    });
  }
  crashPoint(funder.crashAt, 'beforePost');
  try {
    return { kind: 'posted', task: await plan.post(db, { user, taskId: task.id, source: 'card' }) };
  } catch (error) {
    if (error instanceof CrashError) throw error;
    await refundUnpostedCharge(db, { processor, task });
    throw error;
  }
}

/** Who the requester is for funding: the agent that requested the task, even when its operator publishes it. */
function fundingUser(user: ActorUser, task: Task): Pick<ActorUser, 'id' | 'type' | 'ownerId'> {
  if (task.requesterId === user.id) return user;
  // The operator of the requesting agent, publishing its draft from the dashboard: their own card, no cap.
  return { id: user.id, type: 'human', ownerId: null };
}
