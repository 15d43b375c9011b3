import type { Actor } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { toPublicUser } from './to-public-user';

/** The caller's user record, already loaded by the credential lookup: no further query. */
export function getCurrentUser(actor: Actor) {
  if (actor.kind === 'anonymous') throw new ApiError('UNAUTHORIZED');
  return toPublicUser(actor.user);
}
