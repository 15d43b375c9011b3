import type { DbOrTx } from '@/db/client';
import { readTaskAccess, type TaskAccess, type ViewerMode } from './read-task-access';
import { visibleOrNotFound } from './visible-or-not-found';

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
