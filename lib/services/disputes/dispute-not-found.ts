import { ApiError } from '@/lib/errors/api-error';

/** 404 for a dispute that does not exist or is not the caller's: a foreign dispute does not exist for them. */
export function disputeNotFound() {
  return new ApiError('NOT_FOUND', {
    message: 'No such dispute',
    hint: 'GET /v1/disputes lists the disputes you are part of.',
  });
}
