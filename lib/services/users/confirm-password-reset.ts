import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { emailTokens, users } from '@/db/schema';
import { hashPassword } from '@/lib/auth/passwords';
import { logger } from '@/lib/logger';
import { getMailer } from '@/lib/mail/get-mailer';
import { consumeEmailToken } from './consume-email-token';
import { revokeAccountAccess } from './revoke-account-access';
import { sendAccessRevokedEmail } from './send-access-revoked-email';

export const DISABLED_BY_PASSWORD_RESET = 'Disabled when the account’s password was reset';

// The email counts as verified (the link reached it) unless the address changed since. Taking an address back
// wipes what anyone else left in the account, all of it or none; the owner is told after the commit.
export async function confirmPasswordReset(db: Db, input: { token: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  const { owner, revoked } = await db.transaction(async (tx) => {
    const link = await consumeEmailToken(tx, { token: input.token, purpose: 'reset_password' });
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`case when ${users.email} = ${link.email} then coalesce(${users.emailVerifiedAt}, now()) else ${users.emailVerifiedAt} end`,
      })
      .where(eq(users.id, link.userId))
      .returning({ id: users.id, email: users.email });
    if (!updated) throw new Error(`reset link of a missing user ${link.userId}`);
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(emailTokens.userId, link.userId), eq(emailTokens.purpose, 'reset_password'), isNull(emailTokens.usedAt)),
      );
    const revoked = await revokeAccountAccess(tx, link.userId, { reason: DISABLED_BY_PASSWORD_RESET });
    return { owner: updated, revoked };
  });
  if (owner.email) {
    // After the commit, like every account email: a failed send is logged, the reset stands.
    await sendAccessRevokedEmail(getMailer(db), { to: owner.email, revoked, because: 'password_reset' }).catch(
      (error) => logger.error('access revoked email failed', { error, userId: owner.id }),
    );
  }
  return { passwordReset: true as const, sessionsRevoked: revoked.sessions };
}
