import { desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type TaskSeries, tasks } from '@/db/schema';
import { toTaskResource } from '@/lib/services/tasks/to-task-resource';
import { upcomingOccurrences } from '@/lib/tasks/series-cadence';
import { SERIES_LIMITS } from '@/lib/tasks/series-rules';
import { findOwnSeries, type SeriesCaller } from './find-own-series';
import { nextOf, scheduleOf, toTaskSeries } from './to-task-series';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export async function getTaskSeries(db: Executor, caller: SeriesCaller, seriesId: string) {
  return describeSeries(db, await findOwnSeries(db, caller, seriesId));
}

/** The series with its next occurrences (none while ended) and the tasks it created, the latest first. */
export async function describeSeries(db: Executor, series: TaskSeries) {
  const created = await db
    .select()
    .from(tasks)
    .where(eq(tasks.seriesId, series.id))
    .orderBy(desc(tasks.occurrenceAt), desc(tasks.id))
    .limit(SERIES_LIMITS.tasksShown);
  const skipped = new Set(series.skipped);
  const upcoming =
    series.status === 'ended'
      ? []
      : upcomingOccurrences(scheduleOf(series), nextOf(series), SERIES_LIMITS.upcomingShown).map(({ at }) => ({
          occurrenceAt: at.toISOString(),
          createsAt: new Date(at.getTime() - series.leadHours * HOUR_MS).toISOString(),
          deadline: new Date(at.getTime() + series.durationMinutes * MINUTE_MS).toISOString(),
          skipped: skipped.has(at.toISOString()),
        }));
  return {
    ...toTaskSeries(series),
    upcoming,
    tasks: created.map((task) => toTaskResource(task, { side: 'requester' })),
  };
}
