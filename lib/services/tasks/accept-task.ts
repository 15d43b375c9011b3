import type { Db } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { runTransition } from './run-transition';
import { startAssignment } from './start-assignment';

/**
 * A listed worker takes a posted task of their mode (`mode.livemode`, default the deployment's); of two at once,
 * the row lock lets exactly one win (the other: 409).
 */
export function acceptTask(
  db: Db,
  user: ActorUser,
  taskId: string,
  mode: { livemode?: boolean; sandboxWorker?: boolean } = {},
) {
  return runTransition(db, {
    taskId,
    action: 'accept',
    caller: { user, ...mode },
    effect: async (tx) => {
      await startAssignment(tx, { taskId, workerId: user.id });
      return { workerId: user.id, acceptedAt: new Date() };
    },
  });
}
