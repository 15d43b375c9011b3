import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { tasks, users } from '@/db/schema';
import { deploymentLivemode } from '@/lib/payments/get-processor';
import { liveWorkersAmong } from '@/lib/services/workers/live-workers-among';

type Notice = { userId: string; taskId?: string | null };

// No in-app line, email or text about test work ever reaches a real worker; the requester side keeps theirs.
export async function withoutLiveWorkersOnTestTasks<T extends Notice>(tx: Tx, items: T[]): Promise<T[]> {
  if (!deploymentLivemode()) return items;
  const taskIds = [...new Set(items.flatMap((item) => (item.taskId ? [item.taskId] : [])))];
  if (taskIds.length === 0) return items;
  const testTasks = await tx
    .select({ id: tasks.id, requesterId: tasks.requesterId, ownerId: users.ownerId })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.requesterId))
    .where(and(inArray(tasks.id, taskIds), eq(tasks.livemode, false)));
  if (testTasks.length === 0) return items;
  const requesterSide = new Map(testTasks.map((task) => [task.id, [task.requesterId, task.ownerId]]));
  const exposed = (item: T) => {
    const side = item.taskId ? requesterSide.get(item.taskId) : undefined;
    return side !== undefined && !side.includes(item.userId);
  };
  const live = await liveWorkersAmong(
    tx,
    items.filter(exposed).map((item) => item.userId),
  );
  return items.filter((item) => !(live.has(item.userId) && exposed(item)));
}
