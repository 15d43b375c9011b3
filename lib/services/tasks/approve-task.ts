import type { Db } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { payWorker } from '@/lib/services/money/pay-worker';
import { performDuePayments } from '@/lib/services/money/perform-due-payments';
import { runTransition } from './run-transition';

/** The requester approves the submission: the task completes and the worker's pay is sent after the commit. */
export async function approveTask(db: Db, user: ActorUser, taskId: string) {
  const approved = await runTransition(db, {
    taskId,
    action: 'approve',
    caller: { user },
    effect: async (tx, access) => {
      await payWorker(tx, access);
      return { completedAt: new Date() };
    },
  });
  await performDuePayments(db, { taskId });
  return approved;
}
