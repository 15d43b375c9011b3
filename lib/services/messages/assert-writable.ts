import type { Task } from '@/db/schema';
import { isTerminal } from '@/lib/tasks/task-transitions';
import { isOpen } from './is-open';
import { threadNotOpen } from './thread-not-open';
import { threadReadOnly } from './thread-read-only';

export function assertWritable(task: Pick<Task, 'status'>): void {
  if (!isOpen(task)) throw threadNotOpen();
  if (isTerminal(task.status)) throw threadReadOnly(task);
}
