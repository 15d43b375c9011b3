import type { Database } from '@/db/client';
import { LOGIN_ATTEMPTS_PER_EMAIL, LOGIN_ATTEMPTS_PER_EMAIL_AND_IP } from '@/lib/auth/account-limits';
import { countHit } from '@/lib/auth/rate-counter';
import { addressBucket } from '@/lib/config/client-address';
import { ApiError } from '@/lib/errors/api-error';

type AttemptLimit = { limit: number; windowSeconds: number };

export type LimitSignInAttemptsOptions = { email: string; ip: string };

type CountAttemptOptions = { bucket: string; attemptLimit: AttemptLimit; from: string };

/**
 * Counts a sign-in attempt before the password is checked, first per (email, client IP), then per email. An
 * address past its own limit is refused without touching the per-email count, so one guesser can neither lock
 * the owner out from elsewhere nor use up the shared budget; many addresses together still stop at the
 * per-email ceiling.
 */
export async function limitSignInAttempts(
  database: Database,
  { email, ip }: LimitSignInAttemptsOptions,
): Promise<void> {
  await countAttempt(database, {
    bucket: `login-email-ip:${email}:${addressBucket(ip)}`,
    attemptLimit: LOGIN_ATTEMPTS_PER_EMAIL_AND_IP,
    from: 'from your address',
  });
  await countAttempt(database, {
    bucket: `login-email:${email}`,
    attemptLimit: LOGIN_ATTEMPTS_PER_EMAIL,
    from: 'from all addresses',
  });
}

async function countAttempt(
  database: Database,
  { bucket, attemptLimit: { limit, windowSeconds }, from }: CountAttemptOptions,
) {
  const rate = await countHit(database, bucket, windowSeconds);
  if (rate.count <= limit) return;
  const retryAfter = Math.max(1, rate.windowStart + windowSeconds - Math.floor(Date.now() / 1000));
  throw new ApiError('RATE_LIMIT_EXCEEDED', {
    message: 'Too many requests',
    hint: `Too many sign-in attempts for this account ${from}. Wait for \`Retry-After\` seconds, then try again.`,
    details: { retryAfter },
    headers: { 'Retry-After': String(retryAfter) },
  });
}
