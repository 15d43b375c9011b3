import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { phoneVerifications, users } from '@/db/schema';
import { PHONE_CODE_MAX_ATTEMPTS } from '@/lib/auth/account-limits';
import { phoneCodeMatches } from '@/lib/auth/phone-codes';
import { ApiError, validationError } from '@/lib/errors/api-error';
import { findPublicUser } from './find-public-user';

export type VerifyPhoneOptions = { userId: string; code: string };

// Each try is counted (committed) before the code is compared, so concurrent guesses share the same 5.
export async function verifyPhone(db: Db, { userId, code }: VerifyPhoneOptions) {
  const [pending] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  if (!pending) throw new ApiError('PHONE_CODE_NOT_FOUND');
  if (pending.expiresAt.getTime() <= Date.now()) throw new ApiError('PHONE_CODE_EXPIRED');
  const [counted] = await db
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
    .where(
      and(
        eq(phoneVerifications.userId, userId),
        eq(phoneVerifications.codeHash, pending.codeHash),
        lt(phoneVerifications.attempts, PHONE_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ attempts: phoneVerifications.attempts });
  if (!counted) throw new ApiError('PHONE_CODE_LOCKED');
  if (!phoneCodeMatches(pending.codeHash, userId, pending.phone, code)) {
    const left = PHONE_CODE_MAX_ATTEMPTS - counted.attempts;
    const message =
      left > 0
        ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : 'That code is not right, and it was the last try. Ask for a new code.';
    throw validationError([{ path: ['code'], message }], 'Wrong code');
  }
  return db.transaction(async (tx) => {
    const [used] = await tx
      .delete(phoneVerifications)
      .where(and(eq(phoneVerifications.userId, userId), eq(phoneVerifications.codeHash, pending.codeHash)))
      .returning({ phone: phoneVerifications.phone });
    // A new code replaced this one meanwhile: the old code no longer counts.
    if (!used) throw new ApiError('PHONE_CODE_NOT_FOUND');
    await tx.update(users).set({ phone: used.phone, phoneVerifiedAt: sql`now()` }).where(eq(users.id, userId));
    return findPublicUser(tx, userId);
  });
}
