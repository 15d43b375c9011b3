import type { Db } from '@/db/client';
import type { PaymentProcessor } from '@/lib/payments/processor';
import type { SeriesCaller } from './find-own-series';
import { lastPlannedAt } from './last-planned-at';
import { planNext } from './plan-next';
import { requireSavedCard, type SeriesRequester } from './require-saved-card';
import { seriesEnded } from './series-not-found';
import { setSeriesStatus } from './set-series-status';
import { previousOf } from './to-task-series';

export type ResumeTaskSeriesOptions = { caller: SeriesCaller; requester: SeriesRequester; processor: PaymentProcessor };

// Occurrences that started while it was paused are passed over: it resumes with the first one after now.
export function resumeTaskSeries(db: Db, { caller, requester, processor }: ResumeTaskSeriesOptions, seriesId: string) {
  return setSeriesStatus(db, caller, seriesId, async (series, tx) => {
    if (series.status === 'ended') throw seriesEnded();
    if (series.status === 'active') return null;
    const owner =
      series.requesterId === requester.id
        ? requester
        : { id: series.requesterId, type: 'agent' as const, ownerId: requester.id };
    await requireSavedCard(tx, processor, owner);
    const lastAt = await lastPlannedAt(tx, series.id);
    const after = new Date(Math.max(Date.now(), lastAt?.getTime() ?? 0));
    return { status: 'active', pausedReason: null, ...planNext(series, previousOf(series, lastAt), after) };
  });
}
