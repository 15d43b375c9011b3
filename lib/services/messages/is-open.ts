import type { Task } from '@/db/schema';

export function isOpen(task: Pick<Task, 'status'>): boolean {
  return task.status !== 'draft' && task.status !== 'posted';
}
