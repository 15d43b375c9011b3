import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { toActorUser } from '@/lib/auth/actor';
import { hashPassword } from '@/lib/auth/passwords';
import { ApiError } from '@/lib/errors/api-error';
import { logger } from '@/lib/logger';
import { getMailer } from '@/lib/mail/get-mailer';
import { recordAcceptances } from '../legal/record-acceptances';
import { issueSession, type SessionMeta } from '../sessions/issue-session';
import { issueEmailToken } from './issue-email-token';
import { sendVerificationEmail } from './send-verification-email';
import { NO_PHONE, toPublicUser } from './to-public-user';

export type CreateUserInput = { email: string; password?: string; name?: string; acceptTerms?: boolean };

// One transaction for the user, a session and a verification link; the email goes after the commit.
export async function createUser(db: Db, input: CreateUserInput, meta: SessionMeta = {}) {
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const created = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: input.email, passwordHash, name: input.name ?? null, type: 'human' })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) throw new ApiError('EMAIL_TAKEN');
    const session = await issueSession(tx, user.id, meta);
    if (input.acceptTerms) await recordAcceptances(tx, { userId: user.id, slugs: ['terms', 'privacy'], ip: meta.ip });
    const link = await issueEmailToken(tx, { userId: user.id, email: input.email, purpose: 'verify_email' });
    return { user, session, link };
  });
  const { user, session, link } = created;
  // After the commit, so a slow provider never holds the transaction open. A failed send leaves an unverified
  // account whose owner asks for another link (POST /v1/users/me/email/resend, or the banner's button).
  await sendVerificationEmail(getMailer(db), { to: input.email, token: link.token }).catch((error) =>
    logger.error('verification email failed', { error, userId: user.id }),
  );
  return {
    user: toPublicUser(toActorUser(user), NO_PHONE),
    session: { token: session.token, expiresAt: session.expiresAt.toISOString() },
  };
}
