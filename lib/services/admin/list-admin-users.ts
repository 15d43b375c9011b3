import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { beforeCursor, cursorAt, decodeCursor, pageOf } from '@/db/cursor';
import { users, workerProfiles } from '@/db/schema';
import { hasAdminRole } from '@/lib/auth/admin';
import type { adminUserSchema } from '@/lib/schemas/admin';
import { adminSearch } from './admin-search';

export type ListAdminUsers = { q?: string; cursor?: string; limit?: number };

export type AdminUser = z.input<typeof adminUserSchema>;

const operator = alias(users, 'operator');

export async function listAdminUsers(db: Executor, { q, cursor, limit = 20 }: ListAdminUsers) {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const rows = await db
    .select({
      user: users,
      cursorAt: cursorAt(users.createdAt),
      isWorker: sql<boolean>`${workerProfiles.id} is not null`,
      listed: sql<boolean>`coalesce(${workerProfiles.isListed}, false)`,
      operator: { id: operator.id, name: operator.name, email: operator.email },
      agentCount: sql<number>`(select count(*)::int from users a where a.owner_id = ${users.id} and a.deleted_at is null)`,
    })
    .from(users)
    .leftJoin(workerProfiles, eq(workerProfiles.userId, users.id))
    .leftJoin(operator, eq(operator.id, users.ownerId))
    .where(and(adminSearch(q, users.id, [users.email, users.name]), beforeCursor(users.createdAt, users.id, after)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit + 1);
  const { shown, nextCursor } = pageOf(rows, limit, (last) => ({ cursorAt: last.cursorAt, id: last.user.id }));
  const data: AdminUser[] = shown.map(({ user, isWorker, listed, agentCount, operator }) => ({
    id: user.id,
    email: user.email,
    name: user.name,
    type: user.type,
    ownerId: user.ownerId,
    createdAt: user.createdAt.toISOString(),
    suspendedAt: user.suspendedAt?.toISOString() ?? null,
    suspensionReason: user.suspensionReason,
    isAdmin: hasAdminRole({ email: user.email, emailVerified: user.emailVerifiedAt !== null }),
    isWorker,
    listed,
    agentCount: Number(agentCount),
    operator: user.type === 'agent' ? operator : null,
  }));
  return { data, nextCursor };
}
