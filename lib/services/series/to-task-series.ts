import type { TaskSeries } from '@/db/schema';
import type { SeriesSchedule } from '@/lib/tasks/series-cadence';

export function scheduleOf(
  series: Pick<TaskSeries, 'cadence' | 'firstOccurrenceAt' | 'timeZone' | 'endsOn' | 'count'>,
) {
  const schedule: SeriesSchedule = {
    cadence: series.cadence,
    firstOccurrenceAt: series.firstOccurrenceAt,
    timeZone: series.timeZone,
    endsOn: series.endsOn,
    count: series.count,
  };
  return schedule;
}

/** The next occurrence not yet planned, as the cadence functions take it; null when none is left. */
export function nextOf(series: Pick<TaskSeries, 'nextOccurrenceAt' | 'nextIndex'>) {
  return series.nextOccurrenceAt ? { n: series.nextIndex, at: series.nextOccurrenceAt } : null;
}

/** The occurrence before the next one, from which a changed schedule goes on (none: from its start). */
export function previousOf(series: Pick<TaskSeries, 'nextIndex'>, lastAt: Date | null) {
  return lastAt ? { n: series.nextIndex - 1, at: lastAt } : null;
}

export function toTaskSeries(series: TaskSeries) {
  return {
    id: series.id,
    status: series.status,
    pausedReason: series.pausedReason,
    livemode: series.livemode,
    requesterId: series.requesterId,
    template: series.template,
    cadence: series.cadence,
    firstOccurrenceAt: series.firstOccurrenceAt.toISOString(),
    durationMinutes: series.durationMinutes,
    timeZone: series.timeZone,
    endsOn: series.endsOn,
    count: series.count,
    leadHours: series.leadHours,
    preferredWorkerWindowMinutes: series.preferredWorkerWindowMinutes,
    nextOccurrenceAt: series.nextOccurrenceAt?.toISOString() ?? null,
    skippedOccurrences: series.skipped,
    createdAt: series.createdAt.toISOString(),
    updatedAt: series.updatedAt.toISOString(),
  };
}
