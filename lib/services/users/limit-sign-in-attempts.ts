import type { Database } from '@/db/client';
import { LOGIN_ATTEMPTS_PER_EMAIL, LOGIN_ATTEMPTS_PER_EMAIL_AND_IP } from '@/lib/auth/account-limits';
import { countHit } from '@/lib/auth/rate-counter';
import { addressBucket } from '@/lib/config/client-address';
import { ApiError } from '@/lib/errors/api-error';

type AttemptLimit = { limit: number; windowSeconds: number };

export type LimitSignInAttemptsOptions = {
  email: string;
  ip: string;
  /** Asked only once the per-email ceiling trips. */
  holdsSession?: () => Promise<boolean>;
};

type CountAttemptOptions = {
  bucket: string;
  attemptLimit: AttemptLimit;
  hint: string;
  exempt?: () => Promise<boolean>;
};

// Counted before the password is checked. An address past its per-IP limit is refused without touching the
// per-email count, so one guesser can neither lock the owner out nor use up the shared budget; the per-email
// ceiling never stops a device holding a live session of the account.
export async function limitSignInAttempts(
  database: Database,
  { email, ip, holdsSession }: LimitSignInAttemptsOptions,
): Promise<void> {
  await countAttempt(database, {
    bucket: `login-email-ip:${email}:${addressBucket(ip)}`,
    attemptLimit: LOGIN_ATTEMPTS_PER_EMAIL_AND_IP,
    hint: 'Too many sign-in attempts for this account from your address. Wait for `Retry-After` seconds, then try again.',
  });
  await countAttempt(database, {
    bucket: `login-email:${email}`,
    attemptLimit: LOGIN_ATTEMPTS_PER_EMAIL,
    hint:
      'Too many sign-in attempts for this account from all addresses. Wait for `Retry-After` seconds, or sign in ' +
      'on a device that is still signed in to this account (API: send its session token as `Authorization: Bearer`).',
    exempt: holdsSession,
  });
}

async function countAttempt(
  database: Database,
  { bucket, attemptLimit: { limit, windowSeconds }, hint, exempt }: CountAttemptOptions,
) {
  const rate = await countHit(database, bucket, windowSeconds);
  if (rate.count <= limit || (await exempt?.())) return;
  const retryAfter = Math.max(1, rate.windowStart + windowSeconds - Math.floor(Date.now() / 1000));
  throw new ApiError('RATE_LIMIT_EXCEEDED', {
    message: 'Too many requests',
    hint,
    details: { retryAfter },
    headers: { 'Retry-After': String(retryAfter) },
  });
}
