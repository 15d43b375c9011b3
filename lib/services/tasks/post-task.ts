import { eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '@/db/client';
import { type Task, tasks } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import type { ActorUser } from '@/lib/auth/actor';
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
import { chargeCard, reserveCardFunding } from './card-funding';
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
    taskId,
    // The task as reserved, under its lock: its price is what gets charged (a PATCH may have changed the budget
    // since the check above; once reserved, updateTask refuses to change it).
    draft: async (tx) => {
      const locked = await readTaskAccess(tx, taskId, user.id, true);
      if (locked.task.status !== 'draft') throw invalidTransition('publish', locked.task.status);
      return locked.task;
    },
    undo: (id) => db.update(tasks).set({ fundingSource: null }).where(eq(tasks.id, id)),
  });
}

/** Where createTask and publishTask differ: which draft is funded, and what a declined charge puts back. */
type FundingPlan = {
  /** The draft's id when it exists before funding (publish). */
  taskId?: string;
  /** The draft to fund: inserted (create), or locked and re-checked (publish). */
  draft: (tx: DbOrTx) => Promise<Task>;
  /** After a declined charge: the new draft deleted, or the existing one no longer reserved. */
  undo: (taskId: string) => Promise<unknown>;
};

/**
 * Funds the plan's draft and posts it: an offered x402 payment is taken before the draft is touched (one
 * payment, one task); else the card is reserved with the draft in one transaction (rolled back when no card
 * can pay: `paymentRequired`), charged, and the draft posted.
 */
async function fundAndPost(
  db: Db,
  processor: PaymentProcessor,
  user: ActorUser,
  x402: X402Offer | null,
  plan: FundingPlan,
): Promise<PostOutcome> {
  if (x402) {
    const paid = await acceptPayment(db, processor, x402);
    let draft: Task | undefined;
    try {
      draft = await plan.draft(db);
      return {
        kind: 'posted',
        task: await publishPaidByX402(db, user, draft, paid),
        paymentHeaders: paid.responseHeaders,
      };
    } catch (error) {
      // Settled, yet no task took it (the draft was cancelled or re-priced meanwhile): on the books as owed back.
      await recordUnusedX402Payment(db, {
        paymentId: paid.paymentId,
        taskId: draft?.id ?? plan.taskId ?? null,
        userId: draft?.requesterId ?? user.id,
        livemode: processor.livemode,
      });
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
  try {
    await chargeCard(db, processor, reserved.task, reserved.payerId);
  } catch (error) {
    await plan.undo(reserved.task.id);
    throw error;
  }
  return { kind: 'posted', task: await publish(db, user, reserved.task.id, {}) };
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
  return publish(db, user, task.id, { fundingSource: 'x402' }, async (tx, current) => {
    await recordX402Receipt(tx, {
      paymentId: paid.paymentId,
      taskId: current.id,
      userId: current.requesterId,
      amountCents: current.totalCents,
      livemode: current.livemode,
    });
  });
}

async function publish(
  db: Db,
  user: ActorUser,
  taskId: string,
  changes: Partial<typeof tasks.$inferInsert>,
  money?: (tx: Tx, task: Task) => Promise<void>,
) {
  const { task } = await runTransition(db, {
    taskId,
    action: 'publish',
    caller: { user },
    effect: async (tx, access) => {
      await money?.(tx, access.task);
      const funded = { ...access.task, ...changes };
      await emitPaymentEvent(tx, { ...access, task: funded }, 'payment.succeeded', funded.totalCents);
      return { ...changes, publishedAt: new Date() };
    },
  });
  return task;
}
