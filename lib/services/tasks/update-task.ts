import type { Db } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import type { TaskUpdate } from '@/lib/schemas/task-actions';
import { patchTask } from './patch-task';
import { readTaskAccess } from './read-task-access';
import { taskNotFound } from './task-not-found';

export type UpdateTaskOptions = { user: ActorUser; taskId: string; patch: TaskUpdate };

// A posted task is funded for its price, so its budget is fixed once posted.
export async function updateTask(db: Db, { user, taskId, patch }: UpdateTaskOptions) {
  return db.transaction(async (tx) => {
    const { task, side } = await readTaskAccess(tx, { taskId, userId: user.id, forUpdate: true });
    if (side !== 'requester') throw taskNotFound();
    if (task.status !== 'draft' && task.status !== 'posted') {
      throw new ApiError('INVALID_TRANSITION', {
        message: 'Can only update draft or posted tasks',
        details: { status: task.status },
      });
    }
    if (patch.budgetCents !== undefined && patch.budgetCents !== task.budgetCents && task.status === 'posted') {
      throw new ApiError('INVALID_TRANSITION', {
        message: 'The budget of a posted task is funded and cannot change',
        hint: 'Cancel the task (refunded) and create a new one with the new budget.',
        details: { status: task.status },
      });
    }
    if (patch.budgetCents !== undefined && patch.budgetCents !== task.budgetCents && task.fundingSource !== null) {
      // A draft being published: its card is reserved and charged for the current price.
      throw new ApiError('INVALID_TRANSITION', {
        message: 'This task is being funded and published; its budget cannot change now',
        hint: 'Fetch the task; once it is posted, cancel it and create a new one with the new budget.',
        details: { status: task.status, fundingSource: task.fundingSource },
      });
    }
    return patchTask(tx, task, patch);
  });
}
