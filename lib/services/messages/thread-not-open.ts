import { ApiError } from '@/lib/errors/api-error';

export function threadNotOpen(): ApiError {
  return new ApiError('THREAD_NOT_OPEN', {
    message: 'The message thread opens when a worker accepts the task',
    hint: 'Wait for the task to be accepted (GET /v1/tasks/{id} shows `status`), then post again.',
  });
}
