import type { TaskSeries } from '@/db/schema';
import { nextOccurrenceAfter, type Occurrence } from '@/lib/tasks/series-cadence';
import { scheduleOf } from './to-task-series';

const HOUR_MS = 3_600_000;

/** The columns that say which occurrence is planned next and when: the first after `previous` starting after `after`. */
export function planNext(
  series: Pick<TaskSeries, 'cadence' | 'firstOccurrenceAt' | 'timeZone' | 'endsOn' | 'count' | 'leadHours'>,
  previous: Occurrence | null,
  after: Date,
) {
  const next = nextOccurrenceAfter(scheduleOf(series), previous, after);
  return {
    nextOccurrenceAt: next?.at ?? null,
    nextIndex: next?.n ?? (previous?.n ?? 0) + 1,
    nextPlanAt: next ? new Date(next.at.getTime() - series.leadHours * HOUR_MS) : null,
  };
}
