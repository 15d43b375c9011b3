import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { execute } from '@/db/execute';
import { type TaskSeriesOccurrence, taskSeries } from '@/db/schema';
import { logger } from '@/lib/logger';
import { createOccurrenceTask, type OccurrenceResult } from './create-occurrence-task';

const LEASE_MINUTES = 5;

type OccurrenceRow = {
  id: string;
  series_id: string;
  n: number;
  occurrence_at: Date | string;
  status: TaskSeriesOccurrence['status'];
  task_id: string | null;
  failure: string | null;
  claimed_until: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

/**
 * Claims up to `batchSize` pending occurrences with a lease (SKIP LOCKED, so instances split them) and creates
 * and funds each one's task, one after the other: each charge is its own provider call outside any transaction.
 * An occurrence whose funding failed in an unknown way keeps its lease and is taken again when it lapses.
 */
export async function fundDueOccurrences(db: Db, { batchSize = 50 }: { batchSize?: number } = {}) {
  const claimed = await execute<OccurrenceRow>(
    db,
    sql`update task_series_occurrences set claimed_until = now() + make_interval(mins => ${LEASE_MINUTES})
      where id in (
        select id from task_series_occurrences
        where status = 'pending' and (claimed_until is null or claimed_until < now())
        order by occurrence_at, id limit ${batchSize} for update skip locked)
      returning *`,
  );
  const counts: Record<OccurrenceResult | 'failed', number> = { created: 0, paused: 0, dropped: 0, failed: 0 };
  if (claimed.length === 0) return counts;
  const seriesRows = await db
    .select()
    .from(taskSeries)
    .where(
      inArray(
        taskSeries.id,
        claimed.map((row) => row.series_id),
      ),
    );
  const byId = new Map(seriesRows.map((series) => [series.id, series]));
  for (const row of claimed) {
    const series = byId.get(row.series_id);
    if (!series) continue;
    try {
      counts[await createOccurrenceTask(db, series, toOccurrence(row))] += 1;
    } catch (error) {
      counts.failed += 1;
      logger.error('creating a recurring task’s occurrence failed', { error, seriesId: series.id, n: row.n });
    }
  }
  return counts;
}

function toOccurrence(row: OccurrenceRow): TaskSeriesOccurrence {
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    id: row.id,
    seriesId: row.series_id,
    n: row.n,
    occurrenceAt: new Date(row.occurrence_at),
    status: row.status,
    taskId: row.task_id,
    failure: row.failure,
    claimedUntil: date(row.claimed_until),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
