import type { ActorUser } from '@/lib/auth/actor';
import { isAdmin } from '@/lib/auth/is-admin';
import { ApiError } from '@/lib/errors/api-error';

/** The intake API is for staff: a user whose verified email is listed in ADMIN_EMAILS. Anyone else is 403. */
export function assertIntakeAdmin(user: ActorUser): void {
  if (isAdmin(user)) return;
  throw new ApiError('FORBIDDEN', {
    message: 'Only admins can use the SMS intake',
    hint: 'Sign in as a user whose verified email is listed in ADMIN_EMAILS.',
  });
}
