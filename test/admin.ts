import { desc, eq } from 'drizzle-orm';
import { getDatabase } from '@/db/client';
import { adminAuditLog, sessions, users } from '@/db/schema';
import { toActorUser } from '@/lib/auth/actor';
import { isAdminCaller } from '@/lib/auth/admin';
import { sha256Hex } from '@/lib/auth/tokens';
import type { AdminCaller } from '@/lib/services/admin/admin-caller';
import { envelope } from './expect';

export { intakeAdminForFile as adminForFile } from './intake';

/** The audit rows written about `targetId`, newest first. */
export async function auditRowsFor(targetId: string) {
  const { db } = await getDatabase();
  return db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetId, targetId))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id));
}

/** What a suspended account's credentials, and its sign-in, are answered. */
export const SUSPENDED_BODY = envelope('UNAUTHORIZED', {
  message: 'This account is suspended',
  hint: 'An admin suspended this account (or the operator that owns this agent). Contact support to appeal.',
});

/** The admin of `adminForFile()` as services take an admin caller: its user and its session, from `ip`. */
export async function adminCallerOf(admin: { userId: string; token: string }, ip: string | null = null) {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sha256Hex(admin.token)));
  if (!row || row.user.id !== admin.userId) throw new Error('the admin has no session for this token');
  const caller: AdminCaller = { user: toActorUser(row.user), credential: { kind: 'session', id: row.sessionId }, ip };
  if (!isAdminCaller(caller)) throw new Error('the admin of this file is not an admin (ADMIN_EMAILS?)');
  return caller;
}
