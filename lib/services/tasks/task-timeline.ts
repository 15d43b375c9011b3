import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { events, type Task } from '@/db/schema';
import { TASK_STATUSES } from '@/lib/schemas/tasks';

const STATUS_EVENT_TYPES = TASK_STATUSES.map((status) => `task.${status}`);

export type TimelineEntry = {
  /** The event's id (`created` for the first entry). */
  id: string;
  /** The status the task entered (`created` for the first entry: the task as it was written, a draft). */
  status: string;
  previousStatus: string | null;
  at: string;
  /** The reason given with the transition (a revision request, a dispute), if any. */
  reason: string | null;
};

/**
 * The status history of a task, oldest first: its creation, then one entry per `task.<status>` event of the
 * outbox (written in the same transaction as each transition, so the history is exactly what happened).
 * Visibility is the caller's business: load the task with loadTaskAccess first.
 */
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
