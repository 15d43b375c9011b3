import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { sessions } from '@/db/schema';

/** Revokes every live session of a user (a password reset); browser cookies point at these rows, so they die too. */
export async function revokeUserSessions(db: DbOrTx, userId: string): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}
