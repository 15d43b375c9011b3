import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { issueSession, type SessionMeta } from '../sessions/issue-session';

/**
 * A human account without a password yet, signed in at once (the claim page: email first, password after).
 * Undefined when the email already has an account: its owner must sign in instead.
 */
export async function createPasswordlessUser(db: Db, email: string, meta: SessionMeta = {}) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, type: 'human' })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) return undefined;
    const session = await issueSession(tx, user.id, meta);
    return { userId: user.id, sessionToken: session.token };
  });
}
