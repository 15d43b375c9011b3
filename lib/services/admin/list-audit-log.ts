import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { beforeCursor, cursorAt, decodeCursor, pageOf } from '@/db/cursor';
import { adminAuditLog, users } from '@/db/schema';

export type ListAuditLog = { cursor?: string; limit?: number; action?: string; targetId?: string };

export async function listAuditLog(db: Executor, { cursor, limit = 20, action, targetId }: ListAuditLog) {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const rows = await db
    .select({
      entry: adminAuditLog,
      actor: { id: users.id, email: users.email },
      cursorAt: cursorAt(adminAuditLog.createdAt),
    })
    .from(adminAuditLog)
    .innerJoin(users, eq(users.id, adminAuditLog.actorId))
    .where(
      and(
        action ? eq(adminAuditLog.action, action) : undefined,
        targetId ? eq(adminAuditLog.targetId, targetId) : undefined,
        beforeCursor(adminAuditLog.createdAt, adminAuditLog.id, after),
      ),
    )
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit + 1);
  const { shown, nextCursor } = pageOf(rows, limit, (last) => ({ cursorAt: last.cursorAt, id: last.entry.id }));
  const data = shown.map(({ entry, actor }) => ({
    id: entry.id,
    actor,
    action: entry.action,
    target: { type: entry.targetType, id: entry.targetId },
    before: entry.before,
    after: entry.after,
    ip: entry.ip,
    credential:
      entry.credentialKind && entry.credentialId ? { kind: entry.credentialKind, id: entry.credentialId } : null,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { data, nextCursor };
}
