import type { Db } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { CLEARED_PROOF } from './cleared-proof';
import { endAssignment } from './end-assignment';
import { runTransition } from './run-transition';

/**
 * The worker hands the task back: it is posted again for others, its proof cleared, their assignment (and with it
 * their thread) ended.
 */
export function withdrawFromTask(db: Db, user: ActorUser, taskId: string) {
  return runTransition(db, {
    taskId,
    action: 'withdraw',
    caller: { user },
    effect: async (tx) => {
      await endAssignment(tx, taskId, 'withdrawn');
      return { ...CLEARED_PROOF, workerId: null, acceptedAt: null, revisionCount: 0 };
    },
  });
}
