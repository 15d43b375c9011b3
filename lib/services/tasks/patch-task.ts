import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { type Task, tasks } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { TaskUpdate } from '@/lib/schemas/task-actions';
import { priceTask } from '@/lib/tasks/task-rules';
import { taskNotFound } from './task-not-found';

/** The caller has locked the task and checked it may change. */
export async function patchTask(tx: Tx, task: Task, patch: TaskUpdate): Promise<Task> {
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
          placePrecision: patch.location ? (patch.location.precision ?? 'point') : null,
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
    .where(eq(tasks.id, task.id))
    .returning();
  if (!updated) throw taskNotFound();
  return updated;
}
