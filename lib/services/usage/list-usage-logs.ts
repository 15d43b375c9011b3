import { and, between, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { beforeSerialCursor, cursorAt, decodeSerialCursor, encodeSerialCursor, pageOf } from '@/db/cursor';
import { apiKeys, apiRequestLog } from '@/db/schema';
import type { StatusClass } from '@/lib/schemas/usage';
import { agentIdOf, type UsageFilter, type UsageViewer, usageScope } from './usage-scope';

export type UsageLogQuery = UsageFilter & { status?: StatusClass; route?: string; cursor?: string; limit: number };

const STATUS_RANGES: Record<StatusClass, [number, number]> = {
  '2xx': [200, 299],
  '4xx': [400, 499],
  '5xx': [500, 599],
};

export async function listUsageLogs(db: Executor, viewer: UsageViewer, query: UsageLogQuery) {
  const log = apiRequestLog;
  const status = query.status ? STATUS_RANGES[query.status] : undefined;
  const rows = await db
    .select({
      id: log.id,
      cursorAt: cursorAt(log.createdAt),
      at: log.createdAt,
      method: log.method,
      route: log.route,
      status: log.status,
      latencyMs: log.latencyMs,
      keyId: log.apiKeyId,
      keyPrefix: apiKeys.keyPrefix,
      agentId: agentIdOf(viewer),
      ip: log.ip,
    })
    .from(log)
    .leftJoin(apiKeys, eq(apiKeys.id, log.apiKeyId))
    .where(
      and(
        usageScope(viewer, query),
        status ? between(log.status, status[0], status[1]) : undefined,
        query.route ? eq(log.route, query.route) : undefined,
        beforeSerialCursor(log.createdAt, log.id, query.cursor ? decodeSerialCursor(query.cursor) : undefined),
      ),
    )
    .orderBy(desc(log.createdAt), desc(log.id))
    .limit(query.limit + 1);
  const { shown, nextCursor } = pageOf(
    rows,
    query.limit,
    (row) => ({ cursorAt: row.cursorAt, id: String(row.id) }),
    encodeSerialCursor,
  );
  return {
    data: shown.map(({ cursorAt: _, id, at, ...row }) => ({ id: String(id), at: at.toISOString(), ...row })),
    nextCursor,
  };
}
