import { ApiError } from '@/lib/errors/api-error';

export function fundingInProgress(): ApiError {
  return new ApiError('CONFLICT', {
    message: 'This task is already being funded by another request',
    hint: 'Do not pay twice: fetch the task with GET /v1/tasks/{id}; once it is posted it was funded by the other request.',
  });
}
