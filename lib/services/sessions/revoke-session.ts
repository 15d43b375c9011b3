import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { sessions } from '@/db/schema';

export async function revokeSession(db: Executor, { userId, sessionId }: { userId: string; sessionId: string }) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return { revoked: true };
}
