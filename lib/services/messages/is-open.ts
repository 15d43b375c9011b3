import type { Task } from '@/db/schema';

/** The thread opens when a worker accepts the task: never before (nor while it is back to `posted`). */
export function isOpen(task: Pick<Task, 'status'>): boolean {
  return task.status !== 'draft' && task.status !== 'posted';
}
