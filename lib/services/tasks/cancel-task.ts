import type { Db } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { lockedEscrowCents } from '@/lib/services/money/escrow-balance';
import { payWorkerPart } from '@/lib/services/money/pay-worker-part';
import { performDuePayments } from '@/lib/services/money/perform-due-payments';
import { refundEscrow } from '@/lib/services/money/refund-escrow';
import { type CancelTerms, cancelTerms } from '@/lib/tasks/cancellation-policy';
import { endAssignment } from './end-assignment';
import { runTransition } from './run-transition';

export type CancelTaskOptions = {
  /** The fee the caller agreed to (the confirmation's); a cancel that would pay the worker more is refused. */
  maxFeeCents?: number;
};

/** What a cancel did with the escrow, in the `task.cancelled` event and its notices. */
export type Cancellation = { reason: CancelTerms['reason']; feeCents: number; refundCents: number };

// An accepted task may be called off at any time (lib/tasks/cancellation-policy.ts): free within the window after
// acceptance or once the worker is a no-show, else the worker keeps the late-cancel fee, with no platform fee on it,
// and the rest of the escrow is refunded, all in the transition's transaction.
export async function cancelTask(db: Db, user: ActorUser, taskId: string, { maxFeeCents }: CancelTaskOptions = {}) {
  let cancellation: Cancellation | undefined;
  const cancelled = await runTransition(db, {
    taskId,
    action: 'cancel',
    caller: { user },
    effect: async (tx, access) => {
      const { task } = access;
      // A draft with a funding source is being published: its card is reserved and the charge may still land
      // after this cancel, in the escrow of a cancelled task nobody would refund. Publishing finishes first.
      if (task.status === 'draft' && task.fundingSource !== null) {
        throw new ApiError('INVALID_TRANSITION', {
          message: 'This task is being funded and published; cancel it once it is posted',
          hint: 'Fetch the task; when it is posted, cancel it (the charge is refunded).',
          details: { status: task.status, fundingSource: task.fundingSource },
        });
      }
      const terms = cancelTerms(task);
      const escrowCents = await lockedEscrowCents(tx, task);
      // An escrow short of the fee (never, for a funded task) pays what it holds rather than failing the cancel.
      const feeCents = Math.min(terms.feeCents, escrowCents);
      if (maxFeeCents !== undefined && feeCents > maxFeeCents) {
        throw new ApiError('CANCELLATION_FEE_CHANGED', {
          message: `Cancelling now pays the worker ${feeCents} cents, more than the ${maxFeeCents} agreed`,
          details: { feeCents, maxFeeCents, refundCents: escrowCents - feeCents, reason: terms.reason },
        });
      }
      if (task.status === 'accepted')
        await endAssignment(tx, task.id, terms.reason === 'no_show' ? 'no_show' : 'cancelled');
      if (feeCents > 0) await payWorkerPart(tx, { held: access, amountCents: feeCents, feeCents: 0 });
      await refundEscrow(tx, access, `Refund: task cancelled (${task.title})`);
      cancellation = { reason: terms.reason, feeCents, refundCents: escrowCents - feeCents };
      return { cancelledAt: new Date(), cancellationFeeCents: feeCents > 0 ? feeCents : null };
    },
    eventData: () => ({ cancellation }),
  });
  // The refund and the fee's transfer were recorded with the cancel; the processor is called only now.
  await performDuePayments(db, { taskId });
  return cancelled;
}
