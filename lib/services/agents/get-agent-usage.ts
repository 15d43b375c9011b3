import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { apiRequestLog } from '@/db/schema';
import { findOwnedAgent } from './find-owned-agent';

const CHART_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export type GetAgentUsageOptions = { operatorId: string; agentId: string };

export async function getAgentUsage(db: Executor, { operatorId, agentId }: GetAgentUsageOptions) {
  const agent = await findOwnedAgent(db, { operatorId, agentId });
  const ofAgent = eq(apiRequestLog.userId, agent.id);
  const [summary] = await db
    .select({
      totalRequests: count(),
      errorCount: sql<number>`count(*) filter (where ${apiRequestLog.status} >= 400)`.mapWith(Number),
      avgLatencyMs: sql<number>`coalesce(round(avg(${apiRequestLog.latencyMs})), 0)`.mapWith(Number),
      last24hRequests:
        sql<number>`count(*) filter (where ${apiRequestLog.createdAt} > now() - interval '24 hours')`.mapWith(Number),
      // "Today" on the database clock, the same clock the log's timestamps were written with.
      today: sql<string>`to_char(now() at time zone 'UTC', 'YYYY-MM-DD')`,
    })
    .from(apiRequestLog)
    .where(ofAgent);
  if (!summary) throw new Error('aggregate returned no row');

  const day = sql<string>`to_char(${apiRequestLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const firstDay = sql`(date_trunc('day', now() at time zone 'UTC') - ${`${CHART_DAYS - 1} days`}::interval) at time zone 'UTC'`;
  const perDay = await db
    .select({ date: day, requests: count() })
    .from(apiRequestLog)
    .where(and(ofAgent, sql`${apiRequestLog.createdAt} >= ${firstDay}`))
    .groupBy(day);
  const counts = new Map(perDay.map((row) => [row.date, Number(row.requests)]));

  const today = Date.parse(`${summary.today}T00:00:00Z`);
  const requestsPerDay = Array.from({ length: CHART_DAYS }, (_, index) => {
    const date = new Date(today - (CHART_DAYS - 1 - index) * DAY_MS).toISOString().slice(0, 10);
    return { date, requests: counts.get(date) ?? 0 };
  });

  return {
    totalRequests: Number(summary.totalRequests),
    errorCount: summary.errorCount,
    avgLatencyMs: summary.avgLatencyMs,
    last24hRequests: summary.last24hRequests,
    requestsPerDay,
  };
}
