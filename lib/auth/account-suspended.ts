import { ApiError } from '@/lib/errors/api-error';

/**
 * The 401 for a suspended account (POST /v1/admin/users/{id}/suspend), or an agent whose operator is suspended:
 * its credentials are live but refused, and signing in is refused, until an admin lifts the suspension.
 */
export function accountSuspended(): ApiError {
  return new ApiError('UNAUTHORIZED', {
    message: 'This account is suspended',
    hint: 'An admin suspended this account (or the operator that owns this agent). Contact support to appeal.',
  });
}
