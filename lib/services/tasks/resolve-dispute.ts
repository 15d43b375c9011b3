import type { Db } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { isAdmin } from '@/lib/auth/is-admin';
import { ApiError } from '@/lib/errors/api-error';
import type { DisputeResolution } from '@/lib/schemas/task-actions';
import { priceTask } from '@/lib/tasks/task-rules';
import { payWorker } from './pay-worker';
import { payWorkerPart } from './pay-worker-part';
import { refundEscrow } from './refund-escrow';
import { runTransition } from './run-transition';

export type ResolveDisputeOptions = { user: ActorUser; taskId: string; resolution: DisputeResolution };

/**
 * An admin ends a dispute (disputed → resolved): the escrow goes back to the requester, to the worker (with
 * the platform's fee, as on approval), or is split — the worker gets `workerCents` (the platform keeps 15% on
 * top of it) and the rest is refunded.
 */
export function resolveDispute(db: Db, { user, taskId, resolution }: ResolveDisputeOptions) {
  return runTransition(db, {
    taskId,
    action: 'resolve',
    caller: { user, isAdmin: isAdmin(user) },
    eventData: { resolution },
    effect: async (tx, access) => {
      const { task } = access;
      const reason = `Dispute resolved (${task.title})`;
      if (resolution.outcome === 'refund') await refundEscrow(tx, access, `Refund: ${reason}`);
      if (resolution.outcome === 'pay_worker') await payWorker(tx, access);
      if (resolution.outcome === 'split') {
        const share = priceTask(resolution.workerCents ?? 0);
        if (share.totalCents > task.totalCents || share.budgetCents >= task.budgetCents) {
          throw new ApiError('VALIDATION_ERROR', {
            message: 'The worker’s share must be less than the task’s budget',
            issues: [{ path: ['workerCents'], message: `Must be below ${task.budgetCents}` }],
          });
        }
        await payWorkerPart(tx, { held: access, amountCents: share.budgetCents, feeCents: share.platformFeeCents });
        await refundEscrow(tx, access, `Refund: ${reason} (split)`);
      }
      return {};
    },
  });
}
