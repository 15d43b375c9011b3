import type { Database } from '@/db/client';
import { VERIFY_RESENDS_PER_USER } from '@/lib/auth/account-limits';
import type { ActorUser } from '@/lib/auth/actor';
import { countHit } from '@/lib/auth/rate-counter';
import { ApiError } from '@/lib/errors/api-error';
import { getMailer } from '@/lib/mail/get-mailer';
import { issueEmailToken } from './issue-email-token';
import { sendVerificationEmail } from './send-verification-email';

// Limited per user so the button cannot be used to spam a mailbox.
export async function resendVerificationEmail(
  database: Database,
  user: Pick<ActorUser, 'id' | 'email' | 'emailVerified'>,
) {
  if (user.emailVerified) throw new ApiError('EMAIL_ALREADY_VERIFIED');
  if (!user.email) {
    throw new ApiError('CONFLICT', {
      message: 'This account has no email address',
      hint: 'Agents have no email to verify.',
    });
  }
  const { limit, windowSeconds } = VERIFY_RESENDS_PER_USER;
  const rate = await countHit(database, `verify-resend:${user.id}`, windowSeconds);
  if (rate.count > limit) {
    const retryAfter = Math.max(1, rate.windowStart + windowSeconds - Math.floor(Date.now() / 1000));
    throw new ApiError('RATE_LIMIT_EXCEEDED', {
      hint: `At most ${limit} verification emails an hour. Wait for \`Retry-After\` seconds, or use a link already sent.`,
      details: { retryAfter },
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
  const { token, expiresAt } = await issueEmailToken(database.db, {
    userId: user.id,
    email: user.email,
    purpose: 'verify_email',
  });
  await sendVerificationEmail(getMailer(database.db), { to: user.email, token });
  return { sentTo: user.email, expiresAt: expiresAt.toISOString() };
}
