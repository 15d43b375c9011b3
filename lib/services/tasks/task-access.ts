import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { type Task, tasks, users, workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { callerLivemode } from '@/lib/payments/get-processor';

/** The two sides of a task: the requester (an agent, or its operator, or a human) and the assigned worker. */
export type TaskSide = 'requester' | 'worker';

export type TaskAccess = {
  task: Task;
  /** The caller's side, or null for a listed worker looking at a `posted` task. */
  side: TaskSide | null;
  /** The operator that owns the requesting agent (null for a human requester). */
  requesterOwnerId: string | null;
  /** Whether the caller is a listed worker (who may see and accept `posted` tasks). */
  callerListed: boolean;
};

/** The caller's side of a task, if any: the requester, the operator owning the requesting agent, the worker. */
export function sideOf(task: Pick<Task, 'requesterId' | 'workerId'>, requesterOwnerId: string | null, userId: string) {
  if (task.requesterId === userId || (requesterOwnerId !== null && requesterOwnerId === userId)) return 'requester';
  if (task.workerId === userId) return 'worker';
  return null;
}

/** Everyone who hears about a task: its requester, the operator owning it (for agents) and its worker. */
export function taskAudience(task: Pick<Task, 'requesterId' | 'workerId'>, requesterOwnerId: string | null) {
  return [task.requesterId, requesterOwnerId, task.workerId];
}

/** A task with its requester's operator, as the platform sees it (no caller); `forUpdate` locks the task row. */
export async function loadPlatformTask(db: DbOrTx, taskId: string, forUpdate = false) {
  const query = db
    .select({ task: tasks, requesterOwnerId: users.ownerId })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.requesterId))
    .where(eq(tasks.id, taskId));
  const [row] = forUpdate ? await query.for('update', { of: tasks }) : await query;
  return row;
}

/** A caller's mode (callerLivemode), or 'any' for the platform's admins, who see both. */
export type ViewerMode = boolean | 'any';

/**
 * Loads a task as `userId` may see it: its two sides always, a listed worker of the task's mode while it is
 * `posted`. Anyone else gets 404 (never 403: a foreign task does not exist for them). `forUpdate` locks the row
 * for a transition; `livemode` is the caller's mode (default: the deployment's, a browser session's).
 */
export async function loadTaskAccess(
  db: DbOrTx,
  taskId: string,
  userId: string,
  options: { forUpdate?: boolean; partiesOnly?: boolean; livemode?: ViewerMode } = {},
): Promise<TaskAccess> {
  const access = await readTaskAccess(db, taskId, userId, options.forUpdate, options.livemode);
  return visibleOrNotFound(access, options.partiesOnly);
}

/** The visibility rule itself: the two sides always, a listed worker while the task is `posted`. */
export function visibleOrNotFound(access: TaskAccess, partiesOnly = false): TaskAccess {
  const browsing = !partiesOnly && access.task.status === 'posted' && access.callerListed;
  if (!access.side && !browsing) throw taskNotFound();
  return access;
}

/**
 * The task and the caller's relation to it, without deciding visibility: 404 when it does not exist, or when
 * the caller is not one of its sides and works in the other mode (a test-mode task does not exist for a live
 * worker, nor a live one for a `lgw_test_` key).
 */
export async function readTaskAccess(
  db: DbOrTx,
  taskId: string,
  userId: string,
  forUpdate = false,
  livemode: ViewerMode = callerLivemode(),
): Promise<TaskAccess> {
  const query = db
    .select({
      task: tasks,
      requesterOwnerId: users.ownerId,
      callerListed: sql<boolean>`exists (select 1 from ${workerProfiles} where ${workerProfiles.userId} = ${userId} and ${workerProfiles.isListed})`,
    })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.requesterId))
    .where(eq(tasks.id, taskId));
  const [row] = forUpdate ? await query.for('update', { of: tasks }) : await query;
  if (!row) throw taskNotFound();
  const side = sideOf(row.task, row.requesterOwnerId, userId);
  if (side === null && livemode !== 'any' && row.task.livemode !== livemode) throw taskNotFound();
  return { task: row.task, side, requesterOwnerId: row.requesterOwnerId, callerListed: Boolean(row.callerListed) };
}

export function taskNotFound() {
  return new ApiError('NOT_FOUND', {
    message: 'Task not found',
    hint: 'Check the id; list your tasks with GET /v1/tasks.',
  });
}
