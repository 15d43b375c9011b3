import type { Executor } from '@/db/client';
import { type ReadTaskAccessOptions, readTaskAccess, type TaskAccess } from './read-task-access';
import { visibleOrNotFound } from './visible-or-not-found';

export type LoadTaskAccessOptions = ReadTaskAccessOptions & {
  partiesOnly?: boolean;
};

// Anyone but the task's two sides (or a listed worker while it is `posted`) gets 404, never 403: a foreign task
// does not exist for them.
export async function loadTaskAccess(
  db: Executor,
  { partiesOnly, ...options }: LoadTaskAccessOptions,
): Promise<TaskAccess> {
  const access = await readTaskAccess(db, options);
  return visibleOrNotFound(access, partiesOnly);
}
