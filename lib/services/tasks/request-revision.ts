import type { Db } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { MAX_REVISIONS } from '@/lib/tasks/task-transitions';
import { runTransition } from './run-transition';

export type RequestRevisionOptions = { user: ActorUser; taskId: string; reason: string };

export function requestRevision(db: Db, { user, taskId, reason }: RequestRevisionOptions) {
  return runTransition(db, {
    taskId,
    action: 'requestRevision',
    caller: { user },
    eventData: { reason },
    effect: async (_tx, { task }) => {
      if (task.revisionCount >= MAX_REVISIONS) {
        throw new ApiError('INVALID_TRANSITION', {
          message: `A task can be sent back for revision at most ${MAX_REVISIONS} times`,
          hint: 'Approve the submission, or open a dispute with POST /v1/tasks/{id}/dispute.',
          details: { status: task.status, revisionCount: task.revisionCount },
        });
      }
      // The proof is kept for the record, but only the revised submission's verdict may approve it.
      return { revisionCount: task.revisionCount + 1, autoApproveAt: null };
    },
  });
}
