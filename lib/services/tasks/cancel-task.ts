import type { Db } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { performDuePayments } from '@/lib/services/money/perform-due-payments';
import { refundEscrow } from '@/lib/services/money/refund-escrow';
import { endAssignment } from './end-assignment';
import { runTransition } from './run-transition';

// Also calls off an accepted task whose worker did not show (the `workerNoShow` guard), ending the assignment
// with `no_show`; the escrow is refunded in full either way.
export async function cancelTask(db: Db, user: ActorUser, taskId: string) {
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
      if (task.status === 'accepted') await endAssignment(tx, task.id, 'no_show');
      await refundEscrow(tx, access, `Refund: task cancelled (${task.title})`);
      return { cancelledAt: new Date() };
    },
  });
  // The refund was recorded with the cancel; the processor is called only now that it has committed.
  await performDuePayments(db, { taskId });
  return cancelled;
}
