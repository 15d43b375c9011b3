import type { Db } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { runTransition } from '@/lib/services/tasks/run-transition';
import { openDispute } from './open-dispute';

export type DisputeTaskOptions = { user: ActorUser; taskId: string; reason: string; details?: string };

export function disputeTask(db: Db, { user, taskId, reason, details }: DisputeTaskOptions) {
  return runTransition(db, {
    taskId,
    action: 'dispute',
    caller: { user },
    eventData: { reason },
    effect: async (tx, access) => {
      await openDispute(tx, { access, openedById: user.id, reason, details: details ?? null });
      return {};
    },
  });
}
