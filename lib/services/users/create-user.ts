import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import { hashPassword } from '@/lib/auth/passwords';
import { issueSession, type SessionMeta } from '../sessions/issue-session';
import { toPublicUser } from './to-public-user';

export type CreateUserInput = { email: string; password: string; name?: string };

/** Signs a human up and signs them in, in one transaction. */
export async function createUser(db: Db, input: CreateUserInput, meta: SessionMeta = {}) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: input.email, passwordHash, name: input.name ?? null, type: 'human' })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw new ApiError('EMAIL_TAKEN');
    const session = await issueSession(tx, user.id, meta);
    return { user: toPublicUser(user), session: { token: session.token, expiresAt: session.expiresAt.toISOString() } };
  });
}
