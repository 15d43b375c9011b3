import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { type Task, tasks } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { TaskUpdate } from '@/lib/schemas/task-actions';
import { acceptByIssues, placeIssues } from '@/lib/schemas/tasks';
import { priceTask } from '@/lib/tasks/task-rules';
import { taskNotFound } from './task-not-found';

/** The caller has locked the task and checked it may change. */
export async function patchTask(tx: Tx, task: Task, patch: TaskUpdate): Promise<Task> {
  const stored = task.lat !== null ? { precision: task.placePrecision } : null;
  const issues = placeIssues({
    proofRequirements: patch.proofRequirements ?? task.proofRequirements,
    requiredChecks: patch.requiredChecks ?? task.requiredChecks,
    location:
      patch.location === undefined ? stored : patch.location && { precision: patch.location.precision ?? 'point' },
  });
  const acceptBy = acceptByPatch(task, patch);
  const nextAcceptBy = acceptBy.acceptBy !== undefined ? acceptBy.acceptBy : task.acceptBy;
  issues.push(
    ...acceptByIssues({ acceptBy: patch.acceptBy, acceptWithinMinutes: patch.acceptWithinMinutes }),
    ...acceptByIssues({ acceptBy: nextAcceptBy, deadline: patch.deadline ?? task.deadline }),
  );
  if (issues.length > 0) throw new ApiError('VALIDATION_ERROR', { issues });
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
      ...(patch.proofRadiusMeters !== undefined && { proofRadiusMeters: patch.proofRadiusMeters }),
      ...(patch.requiredChecks !== undefined && { requiredChecks: [...new Set(patch.requiredChecks)] }),
      ...(patch.autoApprove !== undefined && { autoApprove: patch.autoApprove }),
      ...(patch.autoApproveAfterMinutes !== undefined && { autoApproveAfterMinutes: patch.autoApproveAfterMinutes }),
      ...acceptBy,
    })
    .where(eq(tasks.id, task.id))
    .returning();
  if (!updated) throw taskNotFound();
  return updated;
}

// A relative guarantee on a posted task counts from now; on a draft it waits for the posting (accept-by-at.ts).
function acceptByPatch(task: Task, patch: TaskUpdate): Partial<Pick<Task, 'acceptBy' | 'acceptWithinMinutes'>> {
  if (patch.acceptBy !== undefined) {
    return { acceptBy: patch.acceptBy === null ? null : new Date(patch.acceptBy), acceptWithinMinutes: null };
  }
  if (patch.acceptWithinMinutes === undefined) return {};
  const minutes = patch.acceptWithinMinutes;
  return {
    acceptWithinMinutes: minutes,
    acceptBy: task.status === 'posted' ? new Date(Date.now() + minutes * 60_000) : null,
  };
}
