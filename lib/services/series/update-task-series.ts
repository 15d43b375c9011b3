import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { taskSeries } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { seriesTemplateSchema, type UpdateTaskSeriesBody } from '@/lib/schemas/task-series';
import { endsBeforeStartIssue } from '@/lib/tasks/series-cadence';
import { lockOwnSeries, type SeriesCaller } from './find-own-series';
import { describeSeries } from './get-task-series';
import { lastPlannedAt } from './last-planned-at';
import { planNext } from './plan-next';
import { seriesEnded } from './series-not-found';
import { previousOf } from './to-task-series';

// Occurrences already planned keep what they were planned with; the schedule goes on after the latest of them
// (or now), so an edit never plans an occurrence twice nor one in the past.
export async function updateTaskSeries(db: Db, caller: SeriesCaller, seriesId: string, patch: UpdateTaskSeriesBody) {
  const series = await db.transaction(async (tx) => {
    const series = await lockOwnSeries(tx, caller, seriesId);
    if (series.status === 'ended') throw seriesEnded();
    const { template: templatePatch, ...schedulePatch } = patch;
    const template = templatePatch ? checkedTemplate({ ...series.template, ...templatePatch }) : series.template;
    const merged = { ...series, ...schedulePatch, firstOccurrenceAt: series.firstOccurrenceAt };
    if (schedulePatch.firstOccurrenceAt) merged.firstOccurrenceAt = new Date(schedulePatch.firstOccurrenceAt);
    if (!merged.endsOn && !merged.count) {
      throw new ApiError('VALIDATION_ERROR', {
        issues: [{ path: ['endsOn'], message: 'Give an end date (`endsOn`) or a number of occurrences (`count`)' }],
      });
    }
    const endsEarly = endsBeforeStartIssue(merged.firstOccurrenceAt, merged.endsOn, merged.timeZone);
    if (endsEarly) throw new ApiError('VALIDATION_ERROR', { issues: [endsEarly] });
    const lastAt = await lastPlannedAt(tx, series.id);
    const after = new Date(Math.max(Date.now(), lastAt?.getTime() ?? 0));
    const [updated] = await tx
      .update(taskSeries)
      .set({
        template,
        cadence: merged.cadence,
        firstOccurrenceAt: merged.firstOccurrenceAt,
        durationMinutes: merged.durationMinutes,
        timeZone: merged.timeZone,
        endsOn: merged.endsOn,
        count: merged.count,
        leadHours: merged.leadHours,
        preferredWorkerWindowMinutes: merged.preferredWorkerWindowMinutes,
        ...planNext(merged, previousOf(series, lastAt), after),
        updatedAt: new Date(),
      })
      .where(eq(taskSeries.id, series.id))
      .returning();
    return updated ?? series;
  });
  return describeSeries(db, series);
}

function checkedTemplate(template: Record<string, unknown>) {
  const parsed = seriesTemplateSchema.safeParse(template);
  if (parsed.success) return parsed.data;
  throw new ApiError('VALIDATION_ERROR', {
    issues: parsed.error.issues.map((issue) => ({
      path: ['template', ...issue.path.map(String)],
      message: issue.message,
    })),
  });
}
