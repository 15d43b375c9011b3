import { sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { phoneVerifications } from '@/db/schema';
import { PHONE_CODE_TTL_SECONDS } from '@/lib/auth/account-limits';
import { generatePhoneCode, hashPhoneCode } from '@/lib/auth/phone-codes';
import { ApiError } from '@/lib/errors/api-error';
import { queueSms } from '@/lib/services/messaging/sms/queue-sms';

export type StorePhoneCodeOptions = { userId: string; phone: string };

// Only the code's HMAC is stored; the code itself leaves only in the text.
export async function storePhoneCode(tx: Tx, { userId, phone }: StorePhoneCodeOptions) {
  const code = generatePhoneCode();
  const values = {
    phone,
    codeHash: hashPhoneCode(userId, phone, code),
    attempts: 0,
    expiresAt: sql`now() + make_interval(secs => ${PHONE_CODE_TTL_SECONDS})`,
    createdAt: sql`now()`,
  };
  await tx
    .insert(phoneVerifications)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: phoneVerifications.userId, set: values });
  const minutes = PHONE_CODE_TTL_SECONDS / 60;
  const sent = await queueSms(tx, {
    to: phone,
    body: `Your Legwork code is ${code}. It expires in ${minutes} minutes.`,
  });
  // The number texted STOP between the check and now: nothing may stay stored.
  if (!sent) throw new ApiError('SMS_OPTED_OUT');
}
