import { eq } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { type Task, workerProfiles } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
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
      await refuseBelowMinPrice(tx, task, user.id);
      await startAssignment(tx, { taskId, workerId: user.id });
      // The accept-by guarantee is met: a task handed back later waits for its deadline only.
      return { workerId: user.id, acceptedAt: new Date(), acceptBy: null };
    },
  });
}

// The worker's own floor (docs/tasks.md "Offers"): such a task is not in their open list, and an offer can reach it.
async function refuseBelowMinPrice(tx: Tx, task: Task, workerId: string) {
  const [profile] = await tx
    .select({ minPriceCents: workerProfiles.minPriceCents })
    .from(workerProfiles)
    .where(eq(workerProfiles.userId, workerId));
  const min = profile?.minPriceCents;
  if (!min || task.budgetCents >= min) return;
  throw new ApiError('BELOW_MIN_PRICE', {
    message: `This task pays ${task.budgetCents} cents, below your minimum price of ${min} cents`,
    details: { budgetCents: task.budgetCents, minPriceCents: min },
  });
}

async function refuseLiveWorkerOnTestTask(tx: Tx, task: Task, workerId: string) {
  if (task.livemode || !(await liveWorkersAmong(tx, [workerId])).has(workerId)) return;
  throw livemodeMismatch('A live worker cannot accept a test-mode task', { taskId: task.id, livemode: false });
}
