import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { tasks } from '@/db/schema';
import { decodeCursor, encodeCursor } from '@/lib/api/cursor';
import { toTaskResource } from '@/lib/services/tasks/to-task-resource';
import { findOwnedAgent } from './find-owned-agent';

export type AgentTasksPage = { cursor?: string; limit: number };

// Cursors carry milliseconds and Postgres keeps microseconds, so the sort key is cut to milliseconds:
// comparing a full timestamp with a cursor's would skip rows created in the boundary row's millisecond.
const createdMs = sql`date_trunc('milliseconds', ${tasks.createdAt})`;

/** Tasks the operator's agent created, newest first, keyset-paginated on (created_at, id). */
export async function listAgentTasks(db: DbOrTx, operatorId: string, agentId: string, page: AgentTasksPage) {
  const agent = await findOwnedAgent(db, operatorId, agentId);
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const at = after && sql`${after.createdAt.toISOString()}::timestamptz`;
  const rows = await db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.requesterId, agent.id),
        after ? sql`(${createdMs} < ${at} or (${createdMs} = ${at} and ${tasks.id} < ${after.id}))` : undefined,
      ),
    )
    .orderBy(desc(createdMs), desc(tasks.id))
    .limit(page.limit + 1);
  const pageRows = rows.slice(0, page.limit);
  const last = pageRows.at(-1);
  return {
    data: pageRows.map(toTaskResource),
    nextCursor: rows.length > page.limit && last ? encodeCursor(last) : null,
  };
}
