import type { DbOrTx } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { findPublicUser } from './find-public-user';
import { toPublicUser } from './to-public-user';

/** The caller's user record, already loaded by the credential lookup (phone numbers too): no further query. */
export async function getCurrentUser(db: DbOrTx, actor: Actor) {
  if (actor.kind === 'anonymous') throw new ApiError('UNAUTHORIZED');
  const { phones } = actor.user;
  return phones ? toPublicUser(actor.user, phones) : findPublicUser(db, actor.user.id);
}
