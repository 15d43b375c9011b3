import type { Db } from '@/db/client';
import { dropPendingOccurrences } from './drop-pending-occurrences';
import type { SeriesCaller } from './find-own-series';
import { setSeriesStatus } from './set-series-status';

/** Tasks already created stay as they are; no occurrence is created after this. Ending twice is a no-op. */
export function endTaskSeries(db: Db, caller: SeriesCaller, seriesId: string) {
  return setSeriesStatus(db, caller, seriesId, async (series, tx) => {
    if (series.status === 'ended' && series.nextOccurrenceAt === null) return null;
    await dropPendingOccurrences(tx, series.id, 'The series was ended');
    return { status: 'ended', pausedReason: null, nextOccurrenceAt: null, nextPlanAt: null };
  });
}
