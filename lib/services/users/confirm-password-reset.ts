import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { emailTokens, users } from '@/db/schema';
import { hashPassword } from '@/lib/auth/passwords';
import { revokeUserSessions } from '../sessions/revoke-user-sessions';
import { consumeEmailToken } from './consume-email-token';

/**
 * Sets a new password from a reset link, in one transaction: the link is used up (with every other reset link
 * of the user), every session is revoked (API tokens and browsers alike), and the email counts as verified,
 * since the link reached it, unless the account has changed its address since the link was sent.
 */
export async function confirmPasswordReset(db: Db, input: { token: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const link = await consumeEmailToken(tx, { token: input.token, purpose: 'reset_password' });
    await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`case when ${users.email} = ${link.email} then coalesce(${users.emailVerifiedAt}, now()) else ${users.emailVerifiedAt} end`,
      })
      .where(eq(users.id, link.userId));
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(emailTokens.userId, link.userId), eq(emailTokens.purpose, 'reset_password'), isNull(emailTokens.usedAt)),
      );
    const sessionsRevoked = await revokeUserSessions(tx, link.userId);
    return { passwordReset: true as const, sessionsRevoked };
  });
}
