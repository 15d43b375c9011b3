import { desc, eq } from 'drizzle-orm';
import { getDatabase } from '@/db/client';
import { adminAuditLog } from '@/db/schema';
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
