import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { beforeCursor, cursorAt, decodeCursor, pageOf } from '@/db/cursor';
import { tasks } from '@/db/schema';
import { toTaskResource } from '@/lib/services/tasks/to-task-resource';
import { findOwnedAgent } from './find-owned-agent';

export type AgentTasksPage = { cursor?: string; limit: number };

export type ListAgentTasksOptions = { operatorId: string; agentId: string; page: AgentTasksPage };

export async function listAgentTasks(db: Executor, { operatorId, agentId, page }: ListAgentTasksOptions) {
  const agent = await findOwnedAgent(db, { operatorId, agentId });
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const rows = await db
    .select({ task: tasks, cursorAt: cursorAt(tasks.createdAt) })
    .from(tasks)
    .where(and(eq(tasks.requesterId, agent.id), beforeCursor(tasks.createdAt, tasks.id, after)))
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(page.limit + 1);
  const { shown: pageRows, nextCursor } = pageOf(rows, page.limit, (last) => ({
    cursorAt: last.cursorAt,
    id: last.task.id,
  }));
  return {
    data: pageRows.map((row) => toTaskResource(row.task)),
    nextCursor,
  };
}
