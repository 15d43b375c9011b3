import { and, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { type Task, type TaskMessage, taskAssignments, taskMessages } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { loadTaskAccess, type TaskSide } from '@/lib/services/tasks/task-access';
import { isTerminal } from '@/lib/tasks/task-transitions';

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

/** The thread as `userId` may see it; 404 for anyone who is not one of its two sides. */
export async function loadThread(db: DbOrTx, taskId: string, userId: string, forUpdate = false): Promise<Thread> {
  const access = await loadTaskAccess(db, taskId, userId, { partiesOnly: true, forUpdate });
  if (!access.side) throw new Error('loadTaskAccess let a non-party through');
  return {
    task: access.task,
    side: access.side,
    requesterIds: [access.task.requesterId, access.requesterOwnerId].filter((id): id is string => id !== null),
    requesterOwnerId: access.requesterOwnerId,
    assignmentId: access.side === 'worker' ? await latestAssignmentId(db, taskId, userId) : null,
  };
}

async function latestAssignmentId(db: DbOrTx, taskId: string, workerId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: taskAssignments.id })
    .from(taskAssignments)
    .where(and(eq(taskAssignments.taskId, taskId), eq(taskAssignments.workerId, workerId)))
    .orderBy(desc(taskAssignments.acceptedAt), desc(taskAssignments.id))
    .limit(1);
  return row?.id ?? null;
}

/** The messages `scope`'s reader may see: the whole task's for the requester side, their assignment's for a worker. */
export function inThread(scope: ThreadScope): SQL {
  const ofTask = eq(taskMessages.taskId, scope.taskId);
  if (scope.side === 'requester') return ofTask;
  // Messages without an assignment predate assignments: the requester side's only.
  return scope.assignmentId ? (and(ofTask, eq(taskMessages.assignmentId, scope.assignmentId)) as SQL) : sql`false`;
}

/** The thread opens when a worker accepts the task: never before (nor while it is back to `posted`). */
export function isOpen(task: Pick<Task, 'status'>): boolean {
  return task.status !== 'draft' && task.status !== 'posted';
}

export function threadNotOpen(): ApiError {
  return new ApiError('THREAD_NOT_OPEN', {
    message: 'The message thread opens when a worker accepts the task',
    hint: 'Wait for the task to be accepted (GET /v1/tasks/{id} shows `status`), then post again.',
  });
}

export function threadReadOnly(task: Pick<Task, 'status'>): ApiError {
  return new ApiError('THREAD_READ_ONLY', {
    message: `The message thread is read-only: the task is ${task.status}`,
    hint: 'No new messages can be posted once a task has ended; GET /v1/tasks/{id}/messages still reads them.',
  });
}

/** Refuses a post unless the thread is open and not yet read-only. */
export function assertWritable(task: Pick<Task, 'status'>): void {
  if (!isOpen(task)) throw threadNotOpen();
  if (isTerminal(task.status)) throw threadReadOnly(task);
}

/** Messages the caller's OTHER side sent. */
export function fromOtherSide(thread: Pick<Thread, 'side' | 'requesterIds'>): SQL {
  return thread.side === 'requester'
    ? notInArray(taskMessages.senderId, thread.requesterIds)
    : inArray(taskMessages.senderId, thread.requesterIds);
}

/** A message's place in the thread, to the microsecond: the order is (created_at, id). */
export type MessageKey = { cursorAt: string; id: string };

export const messageCursorAt = sql<string>`to_char(${taskMessages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Messages strictly after `key` in thread order. */
export function afterKey(key: MessageKey | undefined): SQL | undefined {
  return key
    ? sql`(${taskMessages.createdAt}, ${taskMessages.id}) > (${key.cursorAt}::timestamptz, ${key.id}::uuid)`
    : undefined;
}

/** The key of a message of this thread as `scope`'s reader sees it; 404 when the id names no message there. */
export async function messageKey(
  db: DbOrTx,
  scope: ThreadScope,
  messageId: string,
  field: string,
): Promise<MessageKey> {
  const [row] = await db
    .select({ id: taskMessages.id, cursorAt: messageCursorAt })
    .from(taskMessages)
    .where(and(inThread(scope), eq(taskMessages.id, messageId)));
  if (!row) {
    throw new ApiError('NOT_FOUND', {
      message: 'Message not found',
      hint: `\`${field}\` must be the id of a message in this task's thread (GET /v1/tasks/{id}/messages lists them).`,
    });
  }
  return row;
}

/** The newest message of the thread as `scope`'s reader sees it, if any. */
export async function newestKey(db: DbOrTx, scope: ThreadScope): Promise<MessageKey | undefined> {
  const [row] = await db
    .select({ id: taskMessages.id, cursorAt: messageCursorAt })
    .from(taskMessages)
    .where(inThread(scope))
    .orderBy(desc(taskMessages.createdAt), desc(taskMessages.id))
    .limit(1);
  return row;
}

/** The API view of a message. `senderSide` comes from who the sender is, so it survives a worker's withdrawal. */
export function toMessageResource(
  message: Pick<TaskMessage, 'id' | 'taskId' | 'senderId' | 'body' | 'createdAt'>,
  requesterIds: string[],
) {
  return {
    id: message.id,
    taskId: message.taskId,
    senderId: message.senderId,
    senderSide: requesterIds.includes(message.senderId) ? ('requester' as const) : ('worker' as const),
    body: message.body,
    createdAt: message.createdAt.toISOString(),
  };
}

export type MessageResource = ReturnType<typeof toMessageResource>;
