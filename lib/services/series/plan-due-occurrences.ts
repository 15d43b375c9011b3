import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { execute } from '@/db/execute';
import { type TaskSeries, taskSeries, taskSeriesOccurrences } from '@/db/schema';
import { nextOccurrence } from '@/lib/tasks/series-cadence';
import { scheduleOf } from './to-task-series';

const HOUR_MS = 3_600_000;

export type PlanOptions = { batchSize?: number; now?: Date };

type Advance = { id: string; next_at: string | null; next_index: number; plan_at: string | null; skipped: string[] };

/**
 * One batch of the planner: claims up to `batchSize` active series whose next occurrence is due (its start less
 * the lead time), FOR UPDATE SKIP LOCKED so instances split them, records each due occurrence as a `pending` row
 * (unique per series and number: a doubled run plans it once) and moves each series to its next occurrence, in
 * three statements whatever the batch. Skipped occurrences, and ones whose start has already passed (the job was
 * down, say), are passed over. Returns how many series it advanced and occurrences it planned.
 */
export async function planDueOccurrences(db: Db, { batchSize = 500, now = new Date() }: PlanOptions = {}) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(taskSeries)
      .where(and(eq(taskSeries.status, 'active'), lte(taskSeries.nextPlanAt, now)))
      .orderBy(asc(taskSeries.nextPlanAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    if (due.length === 0) return { series: 0, occurrences: 0 };
    const planned: (typeof taskSeriesOccurrences.$inferInsert)[] = [];
    const advances = due.map((series) => advance(series, now, planned));
    if (planned.length > 0) await tx.insert(taskSeriesOccurrences).values(planned).onConflictDoNothing();
    await execute(
      tx,
      sql`update task_series s set
          next_occurrence_at = v.next_at, next_index = v.next_index, next_plan_at = v.plan_at,
          skipped = array(select jsonb_array_elements_text(v.skipped)),
          status = case when v.next_at is null then 'ended'::task_series_status else s.status end,
          updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(advances)}::jsonb)
          as v(id uuid, next_at timestamptz, next_index int, plan_at timestamptz, skipped jsonb)
        where s.id = v.id`,
    );
    return { series: due.length, occurrences: planned.length };
  });
}

function advance(series: TaskSeries, now: Date, planned: (typeof taskSeriesOccurrences.$inferInsert)[]): Advance {
  const schedule = scheduleOf(series);
  const lead = series.leadHours * HOUR_MS;
  const skipped = new Set(series.skipped);
  let next = series.nextOccurrenceAt ? { n: series.nextIndex, at: series.nextOccurrenceAt } : null;
  // The stored plan time first (what the due scan matched), then each next one's start less the lead.
  let planAt = series.nextPlanAt?.getTime() ?? Number.POSITIVE_INFINITY;
  while (next && planAt <= now.getTime()) {
    const started = next.at.getTime() <= now.getTime();
    if (!started && !skipped.has(next.at.toISOString())) {
      planned.push({ seriesId: series.id, n: next.n, occurrenceAt: next.at });
    }
    next = nextOccurrence(schedule, next);
    planAt = next ? next.at.getTime() - lead : Number.POSITIVE_INFINITY;
  }
  const after = next?.at.getTime() ?? Number.POSITIVE_INFINITY;
  return {
    id: series.id,
    next_at: next?.at.toISOString() ?? null,
    next_index: next?.n ?? series.nextIndex,
    plan_at: next ? new Date(next.at.getTime() - lead).toISOString() : null,
    // Skips of occurrences passed by are done with.
    skipped: series.skipped.filter((at) => Date.parse(at) >= after),
  };
}
