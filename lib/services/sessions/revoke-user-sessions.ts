import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { sessions } from '@/db/schema';

// Browser cookies point at these rows, so they die too.
export async function revokeUserSessions(db: Executor, userId: string, { except }: { except?: string } = {}) {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except ? ne(sessions.id, except) : undefined))
    .returning({ id: sessions.id });
  return revoked.length;
}
