import type { Db } from '@/db/client';
import { dropPendingOccurrences } from './drop-pending-occurrences';
import type { SeriesCaller } from './find-own-series';
import { seriesEnded } from './series-not-found';
import { setSeriesStatus } from './set-series-status';

/** Pausing a paused series changes nothing (a retry is safe). */
export function pauseTaskSeries(db: Db, caller: SeriesCaller, seriesId: string) {
  return setSeriesStatus(db, caller, seriesId, async (series, tx) => {
    if (series.status === 'ended') throw seriesEnded();
    if (series.status === 'paused') return null;
    await dropPendingOccurrences(tx, series.id, 'The series was paused');
    return { status: 'paused', pausedReason: 'Paused by the requester' };
  });
}
