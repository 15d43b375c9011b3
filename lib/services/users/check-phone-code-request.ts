import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { users } from '@/db/schema';
import { PHONE_CODES_PER_NUMBER, PHONE_CODES_PER_USER } from '@/lib/auth/account-limits';
import { countHit, secondsUntilReset } from '@/lib/auth/rate-counter';
import { ApiError, validationError } from '@/lib/errors/api-error';
import { isOptedOut } from '@/lib/services/messaging/sms/is-opted-out';
import { toE164 } from '@/lib/sms/phone-number';

export type CheckPhoneCodeRequestOptions = { userId: string; phone: string };

// Everything that may refuse a new number, before anything is stored. Returns whether it already is the user's
// verified number (then no code is sent).
export async function checkPhoneCodeRequest(database: Database, { userId, phone }: CheckPhoneCodeRequestOptions) {
  const e164 = toE164(phone);
  if (!e164) {
    throw validationError(
      [{ path: ['phone'], message: 'Enter a number with its country code, like +49 30 1234567' }],
      'Not a phone number',
    );
  }
  const [user] = await database.db
    .select({ phone: users.phone, phoneVerifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.phone === e164 && user.phoneVerifiedAt) return { phone: e164, alreadyVerified: true };
  if (await isOptedOut(database.db, e164)) {
    throw new ApiError('SMS_OPTED_OUT', {
      hint: `${e164} texted STOP, so we cannot text it a code. Text START to our number from it, then try again.`,
    });
  }
  await countCode(database, `phone-code-user:${userId}`, PHONE_CODES_PER_USER, 'for your account');
  await countCode(database, `phone-code-number:${e164}`, PHONE_CODES_PER_NUMBER, 'to this number');
  return { phone: e164, alreadyVerified: false };
}

async function countCode(
  database: Database,
  bucket: string,
  { limit, windowSeconds }: { limit: number; windowSeconds: number },
  scope: string,
) {
  const rate = await countHit(database, bucket, windowSeconds);
  if (rate.count <= limit) return;
  const retryAfter = secondsUntilReset(rate);
  throw new ApiError('RATE_LIMIT_EXCEEDED', {
    hint: `At most ${limit} codes an hour ${scope}. Wait for \`Retry-After\` seconds, or enter a code already sent.`,
    details: { retryAfter, limit, windowSeconds },
    headers: { 'Retry-After': String(retryAfter) },
  });
}
