import { and, count, desc, eq, isNull, min, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { apiKeys, apiRequestLog, tasks, users } from '@/db/schema';
import { spentTotal } from '@/lib/services/money/escrow-total';
import { activeKey } from '@/lib/services/operators/active-key';

// One statement: every figure is a lateral subquery over the agent's own indexed rows, so the list costs one round
// trip however many agents there are.
export async function listAgents(db: Executor, operatorId: string) {
  const taskStats = db
    .select({ taskCount: count().as('task_count') })
    .from(tasks)
    .where(eq(tasks.requesterId, users.id))
    .as('task_stats');
  const spent = spentTotal(db, users.id).as('spent');
  const keyStats = db
    .select({
      activeKeyCount: count().as('active_key_count'),
      activeKeyExpiresAt: min(apiKeys.expiresAt).as('active_key_expires_at'),
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, users.id), activeKey()))
    .as('key_stats');
  const lastRequest = db
    .select({ at: apiRequestLog.createdAt, ip: sql<string | null>`host(${apiRequestLog.ip})`.as('ip') })
    .from(apiRequestLog)
    .where(eq(apiRequestLog.userId, users.id))
    .orderBy(desc(apiRequestLog.createdAt))
    .limit(1)
    .as('last_request');

  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      createdAt: users.createdAt,
      spendingLimitCents: users.spendingLimitCents,
      taskCount: taskStats.taskCount,
      totalSpentCents: spent.cents,
      activeKeyCount: keyStats.activeKeyCount,
      activeKeyExpiresAt: keyStats.activeKeyExpiresAt,
      lastActiveAt: lastRequest.at,
      lastActiveIp: lastRequest.ip,
    })
    .from(users)
    .crossJoinLateral(taskStats)
    .crossJoinLateral(spent)
    .crossJoinLateral(keyStats)
    .leftJoinLateral(lastRequest, sql`true`)
    .where(and(eq(users.ownerId, operatorId), eq(users.type, 'agent'), isNull(users.deletedAt)))
    .orderBy(desc(users.createdAt), desc(users.id));

  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? '',
    createdAt: row.createdAt.toISOString(),
    taskCount: Number(row.taskCount),
    totalSpentCents: Number(row.totalSpentCents),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
    lastActiveIp: row.lastActiveIp ?? null,
    activeKeyCount: Number(row.activeKeyCount),
    spendingLimitCents: row.spendingLimitCents,
    activeKeyExpiresAt: row.activeKeyExpiresAt?.toISOString() ?? null,
  }));
}
