import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { users } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import { LOGIN_ATTEMPTS_PER_EMAIL } from '@/lib/api/rate-limit-policy';
import { toActorUser } from '@/lib/auth/actor';
import { verifyPassword } from '@/lib/auth/passwords';
import { countHit } from '@/lib/auth/rate-counter';
import { issueSession, type SessionMeta } from '../sessions/issue-session';
import { toPublicUser } from './to-public-user';

export type SignInInput = { email: string; password: string };

/**
 * Email + password -> a new session. Attempts are counted per email before the password is checked, so
 * guessing one account's password from many addresses stops too. Unknown emails and wrong passwords
 * answer identically, in the same time.
 */
export async function signIn(database: Database, input: SignInInput, meta: SessionMeta = {}) {
  await limitAttemptsPerEmail(database, input.email);
  const [user] = await database.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const valid = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !valid) {
    // The spec fixes the message of every 401 ('Authentication required'); the hint says what went wrong.
    throw new ApiError('UNAUTHORIZED', {
      hint: 'The email or password is wrong. Check both and try again; accounts created on a claim page set a password first.',
    });
  }
  const session = await issueSession(database.db, user.id, meta);
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    user: toPublicUser(toActorUser(user)),
    sessionId: session.id,
  };
}

async function limitAttemptsPerEmail(database: Database, email: string): Promise<void> {
  const { limit, windowSeconds } = LOGIN_ATTEMPTS_PER_EMAIL;
  const rate = await countHit(database, `login-email:${email}`, windowSeconds);
  if (rate.count <= limit) return;
  const retryAfter = Math.max(1, rate.windowStart + windowSeconds - Math.floor(Date.now() / 1000));
  throw new ApiError('RATE_LIMIT_EXCEEDED', {
    message: 'Too many requests',
    hint: 'Too many sign-in attempts for this account. Wait for `Retry-After` seconds, then try again.',
    details: { retryAfter },
    headers: { 'Retry-After': String(retryAfter) },
  });
}
