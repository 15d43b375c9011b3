import type { Task } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';

export function threadReadOnly(task: Pick<Task, 'status'>): ApiError {
  return new ApiError('THREAD_READ_ONLY', {
    message: `The message thread is read-only: the task is ${task.status}`,
    hint: 'No new messages can be posted once a task has ended; GET /v1/tasks/{id}/messages still reads them.',
  });
}
