import type { Db, Tx } from '@/db/client';
import type { Task } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { liveWorkersAmong } from '@/lib/services/workers/live-workers-among';
import { livemodeMismatch } from '@/lib/services/workers/livemode-mismatch';
import { runTransition } from './run-transition';
import { startAssignment } from './start-assignment';

export type AcceptTaskOptions = {
  user: ActorUser;
  taskId: string;
  livemode?: boolean;
  sandboxWorker?: boolean;
};

// Of two concurrent accepts the row lock lets exactly one win (the other: 409). A live worker never takes a
// test-mode task, even through a `lgw_test_` key: 403 LIVEMODE_MISMATCH.
export function acceptTask(db: Db, { user, taskId, ...mode }: AcceptTaskOptions) {
  return runTransition(db, {
    taskId,
    action: 'accept',
    caller: { user, ...mode },
    effect: async (tx, { task }) => {
      await refuseLiveWorkerOnTestTask(tx, task, user.id);
      await startAssignment(tx, { taskId, workerId: user.id });
      // The accept-by guarantee is met: a task handed back later waits for its deadline only.
      return { workerId: user.id, acceptedAt: new Date(), acceptBy: null };
    },
  });
}

async function refuseLiveWorkerOnTestTask(tx: Tx, task: Task, workerId: string) {
  if (task.livemode || !(await liveWorkersAmong(tx, [workerId])).has(workerId)) return;
  throw livemodeMismatch('A live worker cannot accept a test-mode task', { taskId: task.id, livemode: false });
}
