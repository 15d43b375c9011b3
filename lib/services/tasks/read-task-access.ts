import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type Task, tasks, users, workerProfiles } from '@/db/schema';
import { callerLivemode } from '@/lib/payments/get-processor';
import { sideOf, type TaskSide } from './side-of';
import { taskNotFound } from './task-not-found';

export type TaskAccess = {
  task: Task;
  /** The caller's side, or null for a listed worker looking at a `posted` task. */
  side: TaskSide | null;
  requesterOwnerId: string | null;
  callerListed: boolean;
};

/** A caller's mode (callerLivemode), or 'any' for the platform's admins, who see both. */
export type ViewerMode = boolean | 'any';

export type ReadTaskAccessOptions = {
  taskId: string;
  userId: string;
  forUpdate?: boolean;
  livemode?: ViewerMode;
};

// 404 also when the caller is not a side and works in the other mode: a test-mode task does not exist for a live
// worker, nor a live one for a `lgw_test_` key.
export async function readTaskAccess(
  db: Executor,
  { taskId, userId, forUpdate = false, livemode = callerLivemode() }: ReadTaskAccessOptions,
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
