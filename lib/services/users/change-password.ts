import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { hashPassword, verifyPassword } from '@/lib/auth/passwords';
import { ApiError } from '@/lib/errors/api-error';
import { revokeUserSessions } from '../sessions/revoke-user-sessions';

export type ChangePasswordOptions = {
  userId: string;
  /** It stays signed in; every other session is revoked. */
  sessionId: string;
  /** Required unless the account has no password yet (created on the claim page). */
  currentPassword?: string;
  password: string;
};

export async function changePassword(db: Db, { userId, sessionId, currentPassword, password }: ChangePasswordOptions) {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new ApiError('UNAUTHORIZED');
    if (user.passwordHash && !(await verifyPassword(currentPassword ?? '', user.passwordHash))) {
      const message = currentPassword ? 'Current password is incorrect' : 'Enter your current password';
      throw new ApiError('VALIDATION_ERROR', {
        hint: 'Send the password in use now as currentPassword.',
        issues: [{ path: ['currentPassword'], message }],
      });
    }
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    const otherSessionsRevoked = await revokeUserSessions(tx, userId, { except: sessionId });
    return { changed: true as const, otherSessionsRevoked };
  });
}
