import type { Executor } from '@/db/client';
import type { Actor } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { findPendingLegal } from '../legal/find-pending-legal';
import { findPublicUser } from './find-public-user';
import { toPublicUser } from './to-public-user';

// Already loaded by the credential lookup; an agent accepts no legal documents, its operator does.
export async function getCurrentUser(db: Executor, actor: Actor) {
  if (actor.kind === 'anonymous') throw new ApiError('UNAUTHORIZED');
  const { phones } = actor.user;
  const [user, pendingLegal] = await Promise.all([
    phones ? toPublicUser(actor.user, phones) : findPublicUser(db, actor.user.id),
    actor.user.type === 'agent' ? [] : findPendingLegal(db, { userId: actor.user.id }),
  ]);
  return { ...user, pendingLegal };
}
