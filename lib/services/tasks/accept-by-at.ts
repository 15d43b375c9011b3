import type { Task } from '@/db/schema';

/** The accept-by time a task gets when posted at `postedAt`: a relative guarantee counts from then. */
export function acceptByAt(task: Pick<Task, 'acceptBy' | 'acceptWithinMinutes'>, postedAt: Date): Date | null {
  if (task.acceptWithinMinutes === null) return task.acceptBy;
  return new Date(postedAt.getTime() + task.acceptWithinMinutes * 60_000);
}
