import type { Db } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { runTransition } from './run-transition';

export type DisputeTaskOptions = { user: ActorUser; taskId: string; reason: string };

export function disputeTask(db: Db, { user, taskId, reason }: DisputeTaskOptions) {
  return runTransition(db, { taskId, action: 'dispute', caller: { user }, eventData: { reason } });
}
