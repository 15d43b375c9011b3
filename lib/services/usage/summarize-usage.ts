import { count, desc, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { apiRequestLog } from '@/db/schema';
import type { UsageGrouping } from '@/lib/schemas/usage';
import { agentIdOf, type UsageFilter, type UsageViewer, usageScope } from './usage-scope';

const log = apiRequestLog;

function groupExpression(groupBy: UsageGrouping, viewer: UsageViewer): SQL<string> {
  switch (groupBy) {
    case 'day':
      return sql<string>`to_char(${log.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    case 'key':
      return sql<string>`${log.apiKeyId}::text`;
    case 'agent':
      return sql<string>`coalesce(${agentIdOf(viewer)}::text, 'operator')`;
    case 'route':
      return sql<string>`${log.route}`;
  }
}

export async function summarizeUsage(
  db: Executor,
  viewer: UsageViewer,
  query: UsageFilter & { groupBy: UsageGrouping },
) {
  const group = groupExpression(query.groupBy, viewer);
  const requests = count();
  const rows = await db
    .select({
      group: group.as('group'),
      requests,
      errors: sql<number>`count(*) filter (where ${log.status} >= 400)`.mapWith(Number),
      p50LatencyMs: sql<number>`percentile_cont(0.5) within group (order by ${log.latencyMs})`.mapWith(Number),
      p95LatencyMs: sql<number>`percentile_cont(0.95) within group (order by ${log.latencyMs})`.mapWith(Number),
    })
    .from(log)
    .where(usageScope(viewer, query))
    .groupBy(sql`1`)
    .orderBy(query.groupBy === 'day' ? sql`1` : desc(requests), sql`1`);
  return rows.map((row) => ({
    ...row,
    p50LatencyMs: Math.round(row.p50LatencyMs),
    p95LatencyMs: Math.round(row.p95LatencyMs),
  }));
}
