import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { phoneVerifications, sessions, users } from '@/db/schema';
import { isWellFormedSessionToken, sha256Hex } from '@/lib/auth/tokens';

// A suspended user's sessions are not live, so a browser signed in as them is signed out on its next page.
export async function findLiveSession(db: Executor, by: { sessionId: string } | { token: string }) {
  if ('token' in by && !isWellFormedSessionToken(by.token)) return undefined;
  const match = 'token' in by ? eq(sessions.tokenHash, sha256Hex(by.token)) : eq(sessions.id, by.sessionId);
  const [row] = await db
    .select({ sessionId: sessions.id, user: users, pendingPhone: phoneVerifications.phone })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(phoneVerifications, eq(phoneVerifications.userId, users.id))
    .where(and(match, isNull(sessions.revokedAt), isNull(users.suspendedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row;
}
