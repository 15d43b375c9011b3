import type { Db } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { runTransition } from './run-transition';
import { startAssignment } from './start-assignment';

export type AcceptTaskOptions = {
  user: ActorUser;
  taskId: string;
  /** The worker's mode; default the deployment's. */
  livemode?: boolean;
  /** The built-in sandbox worker, which takes test-mode tasks without a listing. */
  sandboxWorker?: boolean;
};

/**
 * A listed worker takes a posted task of their mode (`livemode`, default the deployment's); of two at once,
 * the row lock lets exactly one win (the other: 409).
 */
export function acceptTask(db: Db, { user, taskId, ...mode }: AcceptTaskOptions) {
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
