import { ApiError } from '@/lib/errors/api-error';

/** A foreign dispute does not exist for the caller. */
export function disputeNotFound() {
  return new ApiError('NOT_FOUND', {
    message: 'No such dispute',
    hint: 'GET /v1/disputes lists the disputes you are part of.',
  });
}
