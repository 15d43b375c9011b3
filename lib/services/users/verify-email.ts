import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { consumeEmailToken } from './consume-email-token';
import { findPublicUser } from './find-public-user';

/**
 * Opens a verification link: the token alone proves the mailbox, so the page verifies whoever the browser is
 * signed in as (or nobody). `userId` (the API, under /users/me) accepts only the caller's own links: another
 * user's is unknown. A link verifies only the address it was sent to.
 */
export async function verifyEmail(db: Db, token: string, by: { userId?: string } = {}) {
  return db.transaction(async (tx) => {
    const link = await consumeEmailToken(tx, { token, purpose: 'verify_email', userId: by.userId });
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
      .returning({ id: users.id });
    if (!user) {
      throw new ApiError('EMAIL_LINK_NOT_FOUND', {
        hint: 'This link was sent to an address the account no longer uses. Ask for a new one with POST /v1/users/me/email/resend.',
      });
    }
    return findPublicUser(tx, user.id);
  });
}
