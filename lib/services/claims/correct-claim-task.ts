import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { taskClaims, tasks } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { TaskUpdate } from '@/lib/schemas/task-actions';
import { patchTask } from '@/lib/services/tasks/patch-task';
import { findClaimByHumanToken } from './find-claim-by-human-token';

export type CorrectClaimTask = {
  /** Holding it is what lets a human correct the proposal before paying. */
  humanToken: string;
  patch: Pick<TaskUpdate, 'location' | 'budgetCents' | 'deadline'>;
};

// Refused once funding has started: a payment in flight charges the price it started with.
export async function correctClaimTask(db: Db, { humanToken, patch }: CorrectClaimTask) {
  const found = await findClaimByHumanToken(db, humanToken);
  if (!found) throw new ApiError('NOT_FOUND', { message: 'Unknown claim link' });
  if (found.state === 'expired') throw new ApiError('CLAIM_EXPIRED');
  if (found.state === 'claimed') throw new ApiError('CLAIM_ALREADY_USED');
  return db.transaction(async (tx) => {
    const [claim] = await tx.select().from(taskClaims).where(eq(taskClaims.id, found.claim.id)).for('update');
    if (!claim || claim.claimedAt) throw new ApiError('CLAIM_ALREADY_USED');
    const [task] = await tx.select().from(tasks).where(eq(tasks.id, claim.taskId)).for('update');
    if (!task) throw new Error('claim without its task');
    if (task.status !== 'draft' || task.fundingSource !== null) {
      throw new ApiError('INVALID_TRANSITION', {
        message: 'This task is being paid for; it cannot change now',
        details: { status: task.status, fundingSource: task.fundingSource },
      });
    }
    return patchTask(tx, task, patch);
  });
}
