import type { Db } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { payWorker } from './pay-worker';
import { runTransition } from './run-transition';

export function approveTask(db: Db, user: ActorUser, taskId: string) {
  return runTransition(db, {
    taskId,
    action: 'approve',
    caller: { user },
    effect: async (tx, access) => {
      await payWorker(tx, access);
      return { completedAt: new Date() };
    },
  });
}
