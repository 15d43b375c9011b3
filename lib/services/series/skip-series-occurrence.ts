import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { taskSeriesOccurrences } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { upcomingOccurrences } from '@/lib/tasks/series-cadence';
import type { SeriesCaller } from './find-own-series';
import { seriesEnded } from './series-not-found';
import { setSeriesStatus } from './set-series-status';
import { nextOf, scheduleOf } from './to-task-series';

// How far ahead an occurrence can be skipped: about a year of a weekly series on every day.
const SKIPPABLE_AHEAD = 400;

// Only an occurrence not yet planned is skipped (the planner passes over it). One already planned has, or is about
// to have, a funded task: 409, and its task is cancelled through the normal cancel path instead.
export function skipSeriesOccurrence(db: Db, caller: SeriesCaller, seriesId: string, occurrenceAt: string) {
  const at = new Date(occurrenceAt);
  return setSeriesStatus(db, caller, seriesId, async (series, tx) => {
    if (series.status === 'ended') throw seriesEnded();
    const [planned] = await tx
      .select({ taskId: taskSeriesOccurrences.taskId })
      .from(taskSeriesOccurrences)
      .where(and(eq(taskSeriesOccurrences.seriesId, series.id), eq(taskSeriesOccurrences.occurrenceAt, at)));
    if (planned) throw new ApiError('OCCURRENCE_ALREADY_CREATED', { details: { taskId: planned.taskId } });
    const key = at.toISOString();
    if (series.skipped.includes(key)) return null;
    const upcoming = upcomingOccurrences(scheduleOf(series), nextOf(series), SKIPPABLE_AHEAD);
    if (!upcoming.some((occurrence) => occurrence.at.getTime() === at.getTime())) {
      throw new ApiError('VALIDATION_ERROR', {
        issues: [{ path: ['occurrenceAt'], message: 'Not an upcoming occurrence of this series' }],
      });
    }
    return { skipped: [...series.skipped, key] };
  });
}
