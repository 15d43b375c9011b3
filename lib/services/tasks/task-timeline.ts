import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { events, type Task } from '@/db/schema';
import { TASK_STATUSES } from '@/lib/schemas/tasks';

const STATUS_EVENT_TYPES = TASK_STATUSES.map((status) => `task.${status}`);

export type TimelineEntry = {
  id: string;
  /** The status the task entered (`created` for the first entry: the task as it was written, a draft). */
  status: string;
  previousStatus: string | null;
  at: string;
  reason: string | null;
};

// Each event is written in its transition's transaction, so the history is exactly what happened. Visibility is
// the caller's business (loadTaskAccess first).
export async function taskTimeline(db: Executor, task: Pick<Task, 'id' | 'createdAt'>): Promise<TimelineEntry[]> {
  const rows = await db
    .select({ id: events.id, type: events.type, data: events.data, createdAt: events.createdAt })
    .from(events)
    .where(and(eq(events.taskId, task.id), inArray(events.type, STATUS_EVENT_TYPES)))
    .orderBy(asc(events.createdAt), asc(events.id));
  return [
    { id: 'created', status: 'created', previousStatus: null, at: task.createdAt.toISOString(), reason: null },
    ...rows.map((row) => ({
      id: row.id,
      status: row.type.slice('task.'.length),
      previousStatus: typeof row.data.previousStatus === 'string' ? row.data.previousStatus : null,
      at: row.createdAt.toISOString(),
      reason: typeof row.data.reason === 'string' ? row.data.reason : null,
    })),
  ];
}
