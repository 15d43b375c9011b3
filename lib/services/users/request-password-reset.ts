import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { users } from '@/db/schema';
import { RESET_REQUESTS_PER_EMAIL } from '@/lib/auth/account-limits';
import { countHit } from '@/lib/auth/rate-counter';
import { safeNextPath } from '@/lib/auth/safe-next-path';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { getMailer } from '@/lib/mail/get-mailer';
import { issueEmailToken } from './issue-email-token';
import { sendPasswordResetEmail } from './send-password-reset-email';

// The answer is the same whatever happens, so it never tells whether an account exists. The pages pass `next` (where
// the human was going, such as a claim page) to carry it through the email; only a path on this site is kept, and the
// dashboard, where a reset ends anyway, is left out of the link.
export async function requestPasswordReset(database: Database, email: string, options: { next?: unknown } = {}) {
  const accepted = { accepted: true as const };
  const { limit, windowSeconds } = RESET_REQUESTS_PER_EMAIL;
  const rate = await countHit(database, `reset-email:${email}`, windowSeconds);
  if (rate.count > limit) return accepted;
  const { db } = database;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.type, 'human'), isNull(users.deletedAt)));
  if (!user) return accepted;
  const { token } = await issueEmailToken(db, { userId: user.id, email, purpose: 'reset_password' });
  const next = safeNextPath(options.next, env().SITE_URL);
  await sendPasswordResetEmail(getMailer(db), {
    to: email,
    token,
    next: next === '/dashboard' ? undefined : next,
  }).catch((error) => logger.error('password reset email failed', { error, userId: user.id }));
  return accepted;
}
