import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { users } from '@/db/schema';
import { accountSuspended } from '@/lib/auth/account-suspended';
import { verifyPassword } from '@/lib/auth/passwords';
import { ApiError } from '@/lib/errors/api-error';
import { type HeldSession, isLiveSessionOf } from '../sessions/is-live-session-of';
import { issueSession, type SessionMeta } from '../sessions/issue-session';
import { findPublicUser } from './find-public-user';
import { limitSignInAttempts } from './limit-sign-in-attempts';

export type SignInInput = { email: string; password: string };

export type SignInMeta = SessionMeta & {
  /** Past the per-email ceiling, only a device holding a session gets in. */
  heldSession?: HeldSession;
};

// Unknown emails and wrong passwords answer identically, in the same time.
export async function signIn(database: Database, input: SignInInput, meta: SignInMeta = {}) {
  const { heldSession, ...sessionMeta } = meta;
  await limitSignInAttempts(database, {
    email: input.email,
    ip: meta.ip ?? '0.0.0.0',
    holdsSession: () => isLiveSessionOf(database.db, heldSession, input.email),
  });
  const [user] = await database.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const valid = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !valid) {
    // The spec fixes the message of every 401 ('Authentication required'); the hint says what went wrong.
    throw new ApiError('UNAUTHORIZED', {
      hint: 'The email or password is wrong. Check both and try again; accounts created on a claim page set a password first.',
    });
  }
  // Only after the password matched, so a refusal never tells a stranger the address has an account.
  if (user.suspendedAt) throw accountSuspended();
  const session = await issueSession(database.db, user.id, sessionMeta);
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    user: await findPublicUser(database.db, user.id),
    sessionId: session.id,
  };
}
