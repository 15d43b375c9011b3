import type { Db } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import type { ProofBody } from '@/lib/schemas/task-actions';
import { unmetFloor } from '@/lib/tasks/proof-verification';
import { assessProof } from './assess-proof';
import { invalidTransition } from './invalid-transition';
import { readTaskAccess } from './read-task-access';
import { taskNotFound } from './task-not-found';

export type CheckProofOptions = { user: ActorUser; taskId: string; proof: ProofBody };

// The submit's own assessment, run as of now and rolled back with nothing written, so the preview and the
// submission can only differ by what changed in between (another task's proof of the same photo).
export async function checkProof(db: Db, { user, taskId, proof }: CheckProofOptions) {
  return db.transaction(async (tx) => {
    const { task, side } = await readTaskAccess(tx, { taskId, userId: user.id });
    if (side === null) throw taskNotFound();
    if (side !== 'worker') {
      throw new ApiError('FORBIDDEN', { message: 'Only the assigned worker can check proof for this task' });
    }
    if (task.status !== 'accepted') throw invalidTransition('submit', task.status);
    const { verification } = await assessProof(tx, { task, workerId: user.id, proof, submittedAt: new Date() });
    return { verification, refusal: unmetFloor(task.requiredChecks, verification) };
  });
}
