import type { Executor } from '@/db/client';
import { type ReadTaskAccessOptions, readTaskAccess, type TaskAccess } from './read-task-access';
import { visibleOrNotFound } from './visible-or-not-found';

export type LoadTaskAccessOptions = ReadTaskAccessOptions & {
  /** Only the task's two sides, never a listed worker looking at a `posted` task. */
  partiesOnly?: boolean;
};

/**
 * Loads a task as `userId` may see it: its two sides always, a listed worker of the task's mode while it is
 * `posted`. Anyone else gets 404 (never 403: a foreign task does not exist for them). `forUpdate` locks the row
 * for a transition; `livemode` is the caller's mode (default: the deployment's, a browser session's).
 */
export async function loadTaskAccess(
  db: Executor,
  { partiesOnly, ...options }: LoadTaskAccessOptions,
): Promise<TaskAccess> {
  const access = await readTaskAccess(db, options);
  return visibleOrNotFound(access, partiesOnly);
}
