import type { Db } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { runTransition } from './run-transition';

export function disputeTask(db: Db, user: ActorUser, taskId: string, reason: string) {
  return runTransition(db, { taskId, action: 'dispute', caller: { user }, eventData: { reason } });
}
