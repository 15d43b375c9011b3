import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { taskClaims, tasks } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { TaskUpdate } from '@/lib/schemas/task-actions';
import { patchTask } from '@/lib/services/tasks/patch-task';
import { findClaimByHumanToken } from './find-claim-by-human-token';

export type CorrectClaimTask = {
  /** The claim link's token: holding it is what lets a human correct the proposal before paying. */
  humanToken: string;
  /** What the human changes of what the agent proposed: place, budget, deadline. */
  patch: Pick<TaskUpdate, 'location' | 'budgetCents' | 'deadline'>;
};

/**
 * Before paying on the claim page, the human corrects the draft the agent proposed, through the same writer as
 * PATCH /v1/tasks/{id} (the price follows a new budget). Only while the claim is open and the draft is not being
 * funded: a payment in flight charges the price it started with.
 */
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
