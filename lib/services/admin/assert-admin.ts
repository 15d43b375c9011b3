import type { ActorUser } from '@/lib/auth/actor';
import { isAdmin } from '@/lib/auth/is-admin';
import { ApiError } from '@/lib/errors/api-error';

/**
 * Staff-only operations (the admin API, the SMS intake, dispute resolution): a user whose verified email is
 * listed in ADMIN_EMAILS. Anyone else is 403, saying what they tried (`what`: "use the SMS intake").
 */
export function assertAdmin(user: Pick<ActorUser, 'email' | 'emailVerified'>, what = 'use the admin API'): void {
  if (isAdmin(user)) return;
  throw new ApiError('FORBIDDEN', {
    message: `Only admins can ${what}`,
    hint: 'Sign in as a user whose verified email is listed in ADMIN_EMAILS.',
  });
}
