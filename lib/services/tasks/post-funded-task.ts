import type { Executor, Tx } from '@/db/client';
import type { Task } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { lockedBalance } from '@/lib/payments/ledger/post-ledger-transaction';
import { type AcceptedX402Payment, recordX402Receipt } from '@/lib/payments/x402/accept-payment';
import type { FundingSource } from './claim-funding-source';
import { emitPaymentEvent } from './emit-payment-event';
import { fundingInProgress } from './funding-in-progress';
import { runTransition } from './run-transition';

export type PostFundedTask = {
  /** Who publishes: the requester, or the operator of the requesting agent. */
  user: Pick<ActorUser, 'id'>;
  taskId: string;
  /** The funding claimed for the draft; the transition checks, under the task's lock, that it still holds it. */
  source: FundingSource;
  /** The settled x402 payment, whose receipt moves into the task's escrow in the same transaction. */
  x402?: AcceptedX402Payment;
};

/**
 * Posts a funded draft through the state machine (`publish`): one transaction that locks the task, checks that
 * the funding it claimed is still its own, books an x402 receipt, checks that the escrow holds exactly the task's
 * total (409 CONFLICT otherwise: nothing is posted, and the caller refunds what it charged), and writes
 * `payment.succeeded` and then `task.posted`. Pass a transaction to post inside it (the claim page attaches the
 * agent in the same one).
 */
export async function postFundedTask(db: Executor, input: PostFundedTask): Promise<Task> {
  const { task } = await runTransition(db, {
    taskId: input.taskId,
    action: 'publish',
    caller: { user: input.user },
    effect: async (tx, access) => {
      if (access.task.fundingSource !== input.source) throw fundingInProgress();
      if (input.x402) await bookReceipt(tx, access.task, input.x402);
      await expectEscrowHoldsTotal(tx, access.task);
      await emitPaymentEvent(tx, { held: access, type: 'payment.succeeded', amountCents: access.task.totalCents });
      return { publishedAt: new Date() };
    },
  });
  return task;
}

function bookReceipt(tx: Tx, task: Task, paid: AcceptedX402Payment) {
  return recordX402Receipt(tx, {
    paymentId: paid.paymentId,
    taskId: task.id,
    userId: task.requesterId,
    amountCents: task.totalCents,
    livemode: task.livemode,
  });
}

/**
 * A task is posted only with its whole price in escrow, never more or less: a charge for a stale price (the budget
 * corrected between reading it and charging), or one refunded meanwhile, is refused here rather than posted.
 */
async function expectEscrowHoldsTotal(tx: Tx, task: Task) {
  const escrowCents = await lockedBalance(tx, ledgerAccount.escrow(task.livemode ? 'live' : 'test', task.id));
  if (escrowCents === task.totalCents) return;
  throw new ApiError('CONFLICT', {
    message: 'The payment held for this task does not match its price',
    hint: 'Nothing was posted and the payment is refunded. Fetch the task and pay its current total.',
    details: { escrowCents, totalCents: task.totalCents },
  });
}
