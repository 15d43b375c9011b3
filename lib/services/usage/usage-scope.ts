import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { apiRequestLog, users } from '@/db/schema';
import { type Actor, userOf } from '@/lib/auth/actor';

// A deleted agent keeps its `owner_id`, so its history stays visible.
export type UsageViewer = { operatorId: string; apiKeyId?: string };

export type UsageFilter = { from: Date; to: Date; keyId?: string; agentId?: string };

export function usageScope(viewer: UsageViewer, filter: UsageFilter): SQL | undefined {
  const log = apiRequestLog;
  // One IN list of the operator and its agents (not `user_id = op OR …`): the planner then reads each user's
  // slice of the (user_id, created_at) index instead of scanning the whole log.
  const principals = sql`(select ${viewer.operatorId}::uuid union all select ${users.id} from ${users} where ${users.ownerId} = ${viewer.operatorId})`;
  return and(
    viewer.apiKeyId ? eq(log.apiKeyId, viewer.apiKeyId) : sql`${log.userId} in ${principals}`,
    gte(log.createdAt, filter.from),
    lte(log.createdAt, filter.to),
    filter.keyId ? eq(log.apiKeyId, filter.keyId) : undefined,
    filter.agentId ? eq(log.userId, filter.agentId) : undefined,
  );
}

export const agentIdOf = (viewer: UsageViewer) =>
  sql<string | null>`nullif(${apiRequestLog.userId}, ${viewer.operatorId})`;

export function usageViewerOf(actor: Actor): UsageViewer {
  const user = userOf(actor);
  if (actor.kind !== 'apiKey') return { operatorId: user.id };
  return { operatorId: user.ownerId ?? user.id, apiKeyId: actor.apiKey.id };
}
