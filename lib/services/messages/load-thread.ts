import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type Task, taskAssignments } from '@/db/schema';
import { loadTaskAccess } from '@/lib/services/tasks/load-task-access';
import type { TaskSide } from '@/lib/services/tasks/side-of';

// The 1:1 thread of a task: who is in it, which side a message came from, where it stands in the order. A
// worker's thread is their assignment's (db/schema/tasks.ts `task_assignments`): a worker reads only the messages
// written during their own assignment, so the next worker after a withdrawal (or the same one accepting again)
// starts from an empty thread; the requester side reads every assignment's messages, and the older ones without
// an assignment.

export type Thread = {
  task: Task;
  /** The caller's side. */
  side: TaskSide;
  /** The requester side: the requesting user and, for an agent, the operator owning it. */
  requesterIds: string[];
  requesterOwnerId: string | null;
  /**
   * For the worker side, the assignment whose messages they read: their latest on this task (the current one, or
   * the one a no-show cancel ended); null when they have none. Unused for the requester side.
   */
  assignmentId: string | null;
};

/** What decides which messages a reader sees. */
export type ThreadScope = Pick<Thread, 'side' | 'assignmentId'> & { taskId: string };

export type LoadThreadOptions = {
  taskId: string;
  /** The reader. */
  userId: string;
  /** Lock the task row (FOR UPDATE). */
  forUpdate?: boolean;
};

/** The thread as `userId` may see it; 404 for anyone who is not one of its two sides. */
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
