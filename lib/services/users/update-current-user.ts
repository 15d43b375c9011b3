import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { phoneVerifications, users } from '@/db/schema';
import { checkPhoneCodeRequest } from './check-phone-code-request';
import { findPublicUser } from './find-public-user';
import { storePhoneCode } from './store-phone-code';

export type UpdateCurrentUserInput = { name?: string | null; phone?: string | null };

// A new number stays pending until verified; everything is checked before anything is stored.
export async function updateCurrentUser(database: Database, userId: string, input: UpdateCurrentUserInput) {
  const newPhone =
    input.phone === undefined || input.phone === null
      ? undefined
      : await checkPhoneCodeRequest(database, { userId, phone: input.phone });
  await database.db.transaction(async (tx) => {
    if (input.name !== undefined) await tx.update(users).set({ name: input.name }).where(eq(users.id, userId));
    if (input.phone === null) {
      await tx.update(users).set({ phone: null, phoneVerifiedAt: null }).where(eq(users.id, userId));
    }
    if (input.phone !== undefined) {
      await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
    }
    if (newPhone && !newPhone.alreadyVerified) await storePhoneCode(tx, { userId, phone: newPhone.phone });
  });
  return findPublicUser(database.db, userId);
}
