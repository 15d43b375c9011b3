import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { tasks, users } from '@/db/schema';
import { deploymentLivemode } from '@/lib/payments/get-processor';
import { liveWorkersAmong } from '@/lib/services/workers/live-workers-among';
import { livemodeMismatch } from '@/lib/services/workers/livemode-mismatch';

export type CheckMessageModeOptions = { taskId: string; senderId: string };

// Only test-mode senders on a live deployment pay for this read; on a test deployment the thread keeps its one
// round trip.
export async function checkMessageMode(db: Executor, { taskId, senderId }: CheckMessageModeOptions) {
  if (!deploymentLivemode()) return;
  const [task] = await db
    .select({ requesterId: tasks.requesterId, ownerId: users.ownerId, workerId: tasks.workerId })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.requesterId))
    .where(eq(tasks.id, taskId));
  if (!task?.workerId || (senderId !== task.requesterId && senderId !== task.ownerId)) return;
  if (!(await liveWorkersAmong(db, [task.workerId])).has(task.workerId)) return;
  throw livemodeMismatch('A test-mode credential cannot message a live worker', { taskId, workerId: task.workerId });
}
