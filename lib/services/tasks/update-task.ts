import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { tasks } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import type { TaskUpdate } from '@/lib/schemas/task-actions';
import { priceTask } from '@/lib/tasks/task-rules';
import { readTaskAccess } from './read-task-access';
import { taskNotFound } from './task-not-found';

export type UpdateTaskOptions = { user: ActorUser; taskId: string; patch: TaskUpdate };

/**
 * PATCH /v1/tasks/{id}: changes the fields sent, only while the task is `draft` or `posted` (the spec's exact
 * 409 otherwise). A posted task is funded for its price, so its budget is fixed once posted.
 */
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
    const requirements = patch.proofRequirements ?? task.proofRequirements;
    const located = patch.location === undefined ? task.lat !== null : patch.location !== null;
    if (requirements.includes('gps') && !located) {
      throw new ApiError('VALIDATION_ERROR', {
        issues: [{ path: ['proofRequirements'], message: '`gps` proof needs the task’s `location`' }],
      });
    }
    const location =
      patch.location === undefined
        ? {}
        : {
            lat: patch.location?.lat ?? null,
            lng: patch.location?.lng ?? null,
            address: patch.location?.address ?? null,
          };
    const [updated] = await tx
      .update(tasks)
      .set({
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.description !== undefined && { description: patch.description }),
        ...(patch.category !== undefined && { category: patch.category }),
        ...location,
        ...(patch.budgetCents !== undefined && priceTask(patch.budgetCents)),
        ...(patch.deadline !== undefined && { deadline: new Date(patch.deadline) }),
        ...(patch.requiredSkills !== undefined && { requiredSkills: patch.requiredSkills }),
        ...(patch.proofRequirements !== undefined && { proofRequirements: [...new Set(patch.proofRequirements)] }),
        ...(patch.instructions !== undefined && { instructions: patch.instructions }),
      })
      .where(eq(tasks.id, taskId))
      .returning();
    if (!updated) throw taskNotFound();
    return updated;
  });
}
