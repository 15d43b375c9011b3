import { inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { tasks } from '@/db/schema';

export type TaskHeadline = { id: string; title: string; status: string; totalCents: number };

// No access check: for callers that already read the list as someone allowed to see these tasks.
export async function taskHeadlines(db: Executor, taskIds: string[]): Promise<Map<string, TaskHeadline>> {
  const ids = [...new Set(taskIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: tasks.id, title: tasks.title, status: tasks.status, totalCents: tasks.totalCents })
    .from(tasks)
    .where(inArray(tasks.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
