import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { beforeCursor, cursorAt, decodeCursor, pageOf } from '@/db/cursor';
import { adminAuditLog, users } from '@/db/schema';
import { findOperators } from './find-operators';

export type ListAuditLog = { cursor?: string; limit?: number; action?: string; targetId?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// An actor or a `user` target that is an agent carries its operator, so staff see the human behind it.
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
  const userTargets = shown.filter(({ entry }) => entry.targetType === 'user' && UUID.test(entry.targetId));
  const operators = await findOperators(db, [
    ...shown.map(({ actor }) => actor.id),
    ...userTargets.map(({ entry }) => entry.targetId),
  ]);
  const operatorOf = (id: string) => operators.get(id) ?? null;
  const data = shown.map(({ entry, actor }) => ({
    id: entry.id,
    actor: { ...actor, operator: operatorOf(actor.id) },
    action: entry.action,
    target: {
      type: entry.targetType,
      id: entry.targetId,
      operator: entry.targetType === 'user' ? operatorOf(entry.targetId) : null,
    },
    before: entry.before,
    after: entry.after,
    ip: entry.ip,
    credential:
      entry.credentialKind && entry.credentialId ? { kind: entry.credentialKind, id: entry.credentialId } : null,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { data, nextCursor };
}
