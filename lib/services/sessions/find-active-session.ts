import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { sessions, users } from '@/db/schema';

/** The browser's next-auth cookie names a session id; it is only good while that row is live. */
export async function findActiveSession(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row;
}
