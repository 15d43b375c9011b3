import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { disputes, tasks, users } from '@/db/schema';
import type { Thread } from './load-thread';

// Read only, to judge the dispute; null without a dispute (the thread stays the two sides' own).
export async function loadDisputedThread(db: Executor, { taskId }: { taskId: string }): Promise<Thread | null> {
  const [row] = await db
    .select({ task: tasks, requesterOwnerId: users.ownerId })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.requesterId))
    .innerJoin(disputes, eq(disputes.taskId, tasks.id))
    .where(eq(tasks.id, taskId));
  if (!row) return null;
  return {
    task: row.task,
    side: 'requester',
    requesterIds: [row.task.requesterId, row.requesterOwnerId].filter((id): id is string => id !== null),
    requesterOwnerId: row.requesterOwnerId,
    assignmentId: null,
  };
}
