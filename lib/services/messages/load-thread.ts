import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type Task, taskAssignments } from '@/db/schema';
import { loadTaskAccess } from '@/lib/services/tasks/load-task-access';
import type { TaskSide } from '@/lib/services/tasks/side-of';

// A worker reads only their own assignment's messages, so the next worker after a withdrawal (or the same one
// accepting again) starts from an empty thread.

export type Thread = {
  task: Task;
  side: TaskSide;
  requesterIds: string[];
  requesterOwnerId: string | null;
  /** The worker's latest assignment on this task (the current one, or the one a no-show cancel ended). */
  assignmentId: string | null;
};

export type ThreadScope = Pick<Thread, 'side' | 'assignmentId'> & { taskId: string };

export type LoadThreadOptions = {
  taskId: string;
  userId: string;
  forUpdate?: boolean;
};

export async function loadThread(
  db: Executor,
  { taskId, userId, forUpdate = false }: LoadThreadOptions,
): Promise<Thread> {
  const access = await loadTaskAccess(db, { taskId, userId, partiesOnly: true, forUpdate });
  if (!access.side) throw new Error('loadTaskAccess let a non-party through');
  return {
    task: access.task,
    side: access.side,
    requesterIds: [access.task.requesterId, access.requesterOwnerId].filter((id): id is string => id !== null),
    requesterOwnerId: access.requesterOwnerId,
    assignmentId: access.side === 'worker' ? await latestAssignmentId(db, { taskId, workerId: userId }) : null,
  };
}

type LatestAssignmentIdOptions = { taskId: string; workerId: string };

async function latestAssignmentId(
  db: Executor,
  { taskId, workerId }: LatestAssignmentIdOptions,
): Promise<string | null> {
  const [row] = await db
    .select({ id: taskAssignments.id })
    .from(taskAssignments)
    .where(and(eq(taskAssignments.taskId, taskId), eq(taskAssignments.workerId, workerId)))
    .orderBy(desc(taskAssignments.acceptedAt), desc(taskAssignments.id))
    .limit(1);
  return row?.id ?? null;
}
