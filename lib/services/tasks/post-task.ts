import { eq } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { type Task, tasks } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { logger } from '@/lib/logger';
import type { PaymentProcessor } from '@/lib/payments/processor';
import {
  type AcceptedX402Payment,
  acceptX402Payment,
  recordUnusedX402Payment,
  recordX402Receipt,
  type X402PaymentHeader,
  X402Rejection,
} from '@/lib/payments/x402/accept-payment';
import { x402Config } from '@/lib/payments/x402/config';
import type { X402Requirements } from '@/lib/payments/x402/requirements';
import type { TaskBody } from '@/lib/schemas/tasks';
import { refundTask } from '@/lib/services/payments/refund-task';
import { chargeCard, reserveCardFunding } from './card-funding';
import {
  claimFundingSource,
  type FundingSource,
  fundingInProgress,
  releaseFundingSource,
} from './claim-funding-source';
import { insertDraftTask } from './insert-draft-task';
import { emitPaymentEvent } from './release-escrow';
import { invalidTransition, runTransition } from './run-transition';
import { readTaskAccess, taskNotFound } from './task-access';

/** An x402 payment offered with the request, and the requirements it must meet. */
export type X402Offer = { payment: X402PaymentHeader; requirements: X402Requirements };

export type PostOutcome =
  | { kind: 'posted'; task: Task; paymentHeaders?: Record<string, string> }
  /** No way to fund it: the caller answers 402 (for agents with the x402 `accepts`). */
  | { kind: 'paymentRequired'; reason: string; remainingCents?: number };

/**
 * Takes the offered x402 payment. Live mode settles only through a facilitator: without X402_FACILITATOR_URL a
 * payment would be recorded as settled after the signature check alone, which is fine for test mode only.
 */
function acceptPayment(db: Db, processor: PaymentProcessor, x402: X402Offer) {
  if (processor.livemode && !x402Config().facilitatorUrl) {
    throw new X402Rejection('unexpected_settle_error', 'Live x402 payments need X402_FACILITATOR_URL; pay by card');
  }
  return acceptX402Payment(db, x402.payment, x402.requirements);
}

/** Raised inside a transaction to roll the reservation back when no card can pay. */
class CardRefused extends Error {
  constructor(readonly funding: { refusal: string; remainingCents?: number }) {
    super(funding.refusal);
  }
}

/**
 * POST /v1/tasks: creates a task and funds it, so it is `posted` when this returns — by x402 when a payment
 * is offered (claimed, verified and settled before the task exists, so one payment makes one task), else by
 * card (the agent's operator's, within its spending limit; a human's own). When nothing can pay, nothing is
 * kept: the reserved draft is rolled back, or deleted after a declined charge.
 */
export async function createTask(
  db: Db,
  processor: PaymentProcessor,
  user: ActorUser,
  body: TaskBody,
  x402: X402Offer | null,
): Promise<PostOutcome> {
  return fundAndPost(db, processor, user, x402, {
    draft: (tx) => insertDraftTask(tx, user.id, body, processor.livemode),
    undo: (taskId) => db.delete(tasks).where(eq(tasks.id, taskId)),
  });
}

/** POST /v1/tasks/{id}/publish: funds a draft (x402 or card, as createTask) and posts it. */
export async function publishTask(
  db: Db,
  processor: PaymentProcessor,
  user: ActorUser,
  taskId: string,
  x402: X402Offer | null,
): Promise<PostOutcome> {
  // Checked before any money moves; checked again under the lock of the transition itself.
  const access = await readTaskAccess(db, taskId, user.id);
  if (access.side !== 'requester') throw taskNotFound();
  if (access.task.status !== 'draft') throw invalidTransition('publish', access.task.status);
  // A draft can sit past its deadline; posting it would charge the card only for the job to expire it at once.
  if (access.task.deadline.getTime() <= Date.now()) {
    throw new ApiError('INVALID_TRANSITION', {
      message: 'Cannot publish a task whose deadline has passed',
      hint: 'Set a new deadline with PATCH /v1/tasks/{id}, then publish.',
      details: { status: access.task.status, deadline: access.task.deadline.toISOString() },
    });
  }
  return fundAndPost(db, processor, user, x402, {
    // The task as claimed, under its lock: its price is what gets paid (a PATCH may have changed the budget
    // since the check above; once its funding is claimed, updateTask refuses to change it).
    draft: async (tx) => {
      const locked = await readTaskAccess(tx, taskId, user.id, true);
      if (locked.task.status !== 'draft') throw invalidTransition('publish', locked.task.status);
      return locked.task;
    },
    undo: (id, source) => releaseFundingSource(db, id, source),
  });
}

/** Where createTask and publishTask differ: which draft is funded, and what a payment that did not happen undoes. */
type FundingPlan = {
  /** The draft to fund, in the transaction that claims its funding: inserted (create), or locked and re-checked. */
  draft: (tx: Tx) => Promise<Task>;
  /** After a payment that did not happen: the new draft deleted, or the existing one's claim given up. */
  undo: (taskId: string, source: FundingSource) => Promise<unknown>;
};

/**
 * Funds the plan's draft and posts it. The draft's funding source is claimed first, in one transaction with the
 * draft (claimFundingSource), so two publishes of one draft can never both pay: the second is 409 before it
 * charges or settles anything. Then the offered x402 payment is taken, or the card reserved (rolled back with
 * the claim when no card can pay: `paymentRequired`) and charged, and the draft posted. A card charge whose
 * post then fails is refunded before the error goes back.
 */
async function fundAndPost(
  db: Db,
  processor: PaymentProcessor,
  user: ActorUser,
  x402: X402Offer | null,
  plan: FundingPlan,
): Promise<PostOutcome> {
  if (x402) {
    const draft = await db.transaction(async (tx) => {
      const task = await plan.draft(tx);
      await claimFundingSource(tx, task.id, 'x402');
      return task;
    });
    let paid: AcceptedX402Payment;
    try {
      paid = await acceptPayment(db, processor, x402);
    } catch (error) {
      await plan.undo(draft.id, 'x402');
      throw error;
    }
    try {
      return {
        kind: 'posted',
        task: await publishPaidByX402(db, user, draft, paid),
        paymentHeaders: paid.responseHeaders,
      };
    } catch (error) {
      // Settled, yet no task took it: on the books as owed back.
      await recordUnusedX402Payment(db, {
        paymentId: paid.paymentId,
        taskId: draft.id,
        userId: draft.requesterId,
        livemode: processor.livemode,
      });
      await releaseFundingSource(db, draft.id, 'x402');
      throw paymentOwedBack(error);
    }
  }
  let reserved: { task: Task; payerId: string };
  try {
    reserved = await db.transaction(async (tx) => {
      const task = await plan.draft(tx);
      return { task, payerId: await reserveOrRefuse(tx, processor, user, task) };
    });
  } catch (error) {
    if (error instanceof CardRefused) {
      return { kind: 'paymentRequired', reason: error.funding.refusal, ...error.funding };
    }
    throw error;
  }
  const { task, payerId } = reserved;
  let charge: Awaited<ReturnType<typeof chargeCard>>;
  try {
    charge = await chargeCard(db, processor, task, payerId);
  } catch (error) {
    // Only a charge that certainly did not happen gives the draft up; otherwise (a charge in flight, an unknown
    // outcome) the card keeps its claim, and a retry by card finds the one charge.
    if (error instanceof ApiError && (error.code === 'PAYMENT_FAILED' || error.code === 'PAYMENT_REQUIRED')) {
      await plan.undo(task.id, 'card');
    }
    throw error;
  }
  if (charge.refundedCents > 0) {
    // This draft's card payment was taken once and given back; charging it again would need a new charge.
    await releaseFundingSource(db, task.id, 'card');
    throw new ApiError('CONFLICT', {
      message: 'This draft’s card payment was refunded after an earlier failed publish',
      hint: 'Create the task again with POST /v1/tasks, or publish this draft with an x402 payment.',
    });
  }
  try {
    return { kind: 'posted', task: await publish(db, user, task.id, 'card') };
  } catch (error) {
    await refundUnposted(db, processor, task);
    throw error;
  }
}

/** A card charge whose draft could not be posted goes back to the card (ledger: the charge, then its refund). */
async function refundUnposted(db: Db, processor: PaymentProcessor, task: Task) {
  try {
    await refundTask(db, processor, { taskId: task.id, description: `Refund: task not posted (${task.title})` });
    await releaseFundingSource(db, task.id, 'card');
  } catch (error) {
    logger.error('refunding the charge of a task that could not be posted failed', { error, taskId: task.id });
  }
}

/** The error of a post that failed after its x402 payment settled, telling the client where the money went. */
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

/** The payer whose card is reserved for the task; throws CardRefused (rolling the transaction back) if none. */
async function reserveOrRefuse(tx: Tx, processor: PaymentProcessor, user: ActorUser, task: Task) {
  const funding = await reserveCardFunding(tx, processor, fundingUser(user, task), task);
  if ('refusal' in funding) throw new CardRefused(funding);
  return funding.payerId;
}

/** Who the requester is for funding: the agent that requested the task, even when its operator publishes it. */
function fundingUser(user: ActorUser, task: Task): Pick<ActorUser, 'id' | 'type' | 'ownerId'> {
  if (task.requesterId === user.id) return user;
  // The operator of the requesting agent, publishing its draft from the dashboard: their own card, no cap.
  return { id: user.id, type: 'human', ownerId: null };
}

async function publishPaidByX402(db: Db, user: ActorUser, task: Task, paid: AcceptedX402Payment) {
  return publish(db, user, task.id, 'x402', async (tx, current) => {
    await recordX402Receipt(tx, {
      paymentId: paid.paymentId,
      taskId: current.id,
      userId: current.requesterId,
      amountCents: current.totalCents,
      livemode: current.livemode,
    });
  });
}

/** Posts a funded draft; the transition re-checks, under the task's lock, that the funding claimed is this one. */
async function publish(
  db: Db,
  user: ActorUser,
  taskId: string,
  source: FundingSource,
  money?: (tx: Tx, task: Task) => Promise<void>,
) {
  const { task } = await runTransition(db, {
    taskId,
    action: 'publish',
    caller: { user },
    effect: async (tx, access) => {
      if (access.task.fundingSource !== source) throw fundingInProgress();
      await money?.(tx, access.task);
      await emitPaymentEvent(tx, access, 'payment.succeeded', access.task.totalCents);
      return { publishedAt: new Date() };
    },
  });
  return task;
}
