import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { logger } from '@/lib/logger';
import { getMailer } from '@/lib/mail/get-mailer';
import { consumeEmailToken } from './consume-email-token';
import { findPublicUser } from './find-public-user';
import { revokeAccountAccess } from './revoke-account-access';
import { sendAccessRevokedEmail } from './send-access-revoked-email';

export const DISABLED_BY_VERIFICATION = 'Disabled when the account’s email was verified: it was created before';

export type VerifyEmailBy = {
  /** The API, under /users/me: only the caller's own links. */
  userId?: string;
  /** The session opening the link (the API's, or the page's browser): it stays signed in. */
  sessionId?: string;
};

/**
 * Opens a verification link: the token alone proves the mailbox, so the page verifies whoever the browser is
 * signed in as (or nobody). `userId` (the API, under /users/me) accepts only the caller's own links: another
 * user's is unknown. A link verifies only the address it was sent to.
 *
 * The first verification takes the address back from whoever held the account before it was proved: in the same
 * transaction, every other session is signed out and everything made while unverified is revoked (keys of the
 * user and its agents, claim codes, webhook endpoints), except the keys of agents this user claimed on the claim
 * page, whose card proved intent. The owner is emailed what went, after the commit.
 */
export async function verifyEmail(db: Db, token: string, by: VerifyEmailBy = {}) {
  const { user, revoked } = await db.transaction(async (tx) => {
    const link = await consumeEmailToken(tx, { token, purpose: 'verify_email', userId: by.userId });
    // Locked, so of two links opened at once only one sees the address unverified and wipes.
    const [before] = await tx
      .select({ id: users.id, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
      .for('update');
    if (!before) {
      throw new ApiError('EMAIL_LINK_NOT_FOUND', {
        hint: 'This link was sent to an address the account no longer uses. Ask for a new one with POST /v1/users/me/email/resend.',
      });
    }
    if (before.verifiedAt) return { user: await findPublicUser(tx, before.id), revoked: null };
    await tx.update(users).set({ emailVerifiedAt: sql`now()` }).where(eq(users.id, before.id));
    const revoked = await revokeAccountAccess(tx, before.id, {
      exceptSessionId: by.sessionId,
      keepClaimedAgentKeys: true,
      reason: DISABLED_BY_VERIFICATION,
    });
    return { user: await findPublicUser(tx, before.id), revoked };
  });
  if (revoked && user.email) {
    await sendAccessRevokedEmail(getMailer(db), { to: user.email, revoked, because: 'email_verified' }).catch((error) =>
      logger.error('access revoked email failed', { error, userId: user.id }),
    );
  }
  return user;
}
