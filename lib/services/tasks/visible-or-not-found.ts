import type { TaskAccess } from './read-task-access';
import { taskNotFound } from './task-not-found';

/** The visibility rule itself: the two sides always, a listed worker while the task is `posted`. */
export function visibleOrNotFound(access: TaskAccess, partiesOnly = false): TaskAccess {
  const browsing = !partiesOnly && access.task.status === 'posted' && access.callerListed;
  if (!access.side && !browsing) throw taskNotFound();
  return access;
}
