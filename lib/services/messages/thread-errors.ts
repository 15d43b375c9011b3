import type { Task } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';

// The two refusals of a post to a thread that is not writable (see `assertWritable`).

export function threadNotOpen(): ApiError {
  return new ApiError('THREAD_NOT_OPEN', {
    message: 'The message thread opens when a worker accepts the task',
    hint: 'Wait for the task to be accepted (GET /v1/tasks/{id} shows `status`), then post again.',
  });
}

export function threadReadOnly(task: Pick<Task, 'status'>): ApiError {
  return new ApiError('THREAD_READ_ONLY', {
    message: `The message thread is read-only: the task is ${task.status}`,
    hint: 'No new messages can be posted once a task has ended; GET /v1/tasks/{id}/messages still reads them.',
  });
}
