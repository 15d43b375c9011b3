import type { Executor } from '@/db/client';
import { ApiError } from '@/lib/errors/api-error';
import { describeStoredImages } from '@/lib/services/uploads/describe-stored-images';
import { loadTaskAccess } from './load-task-access';
import { readTaskAccess } from './read-task-access';

export type GetTaskProofOptions = { taskId: string; userId: string; admin: boolean; livemode: boolean };

/**
 * The latest submission of a task for its two sides (parties only: a listed worker browsing a posted task sees no
 * proof) and admins, who see tasks of both modes. Anyone else gets the task's own 404.
 */
export async function getTaskProof(db: Executor, { taskId, userId, admin, livemode }: GetTaskProofOptions) {
  const { task } = admin
    ? await readTaskAccess(db, { taskId, userId, livemode: 'any' })
    : await loadTaskAccess(db, { taskId, userId, livemode, partiesOnly: true });
  if (!task.submittedAt) {
    throw new ApiError('NOT_FOUND', {
      message: 'No proof submitted yet',
      hint: `The worker has not submitted this task yet (status: ${task.status}); check again with GET /v1/tasks/{id}.`,
    });
  }
  return {
    note: task.proofNote,
    noteAuthor: 'worker' as const,
    location: task.proofLat !== null && task.proofLng !== null ? { lat: task.proofLat, lng: task.proofLng } : null,
    submittedAt: task.submittedAt.toISOString(),
    verification: task.proofVerification ?? null,
    photos: await describeStoredImages(db, task.proofPhotoIds),
  };
}
