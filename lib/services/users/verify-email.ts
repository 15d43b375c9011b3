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
  /** Only the caller's own links. */
  userId?: string;
  /** It stays signed in. */
  sessionId?: string;
};

// The token alone proves the mailbox, so the page verifies whoever the browser is signed in as. The first
// verification takes the address back: in the same transaction, other sessions are signed out and what was made
// while unverified is revoked, except keys of agents claimed with a card (which proved intent).
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
