import { ApiError } from '@/lib/errors/api-error';

export function taskNotFound() {
  return new ApiError('NOT_FOUND', {
    message: 'Task not found',
    hint: 'Check the id; list your tasks with GET /v1/tasks.',
  });
}
