import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { type TaskSeries, type TaskSeriesOccurrence, taskSeries, taskSeriesOccurrences, users } from '@/db/schema';
import { emitEvent } from '@/lib/events/emit-event';
import { TASK_SERIES_PAUSED } from '@/lib/events/event-types';
import { notify } from '@/lib/services/notifications/notify';
import { toTaskSeries } from './to-task-series';

// The card could not pay an occurrence: no task was left behind (fund-task gave the draft up), the series stops
// until its requester resumes it, and they hear why (a notification to the human, the event to their webhooks).
export async function pauseForRefusal(db: Db, occurrence: TaskSeriesOccurrence, reason: string) {
  await db.transaction(async (tx) => {
    const [series] = await tx.select().from(taskSeries).where(eq(taskSeries.id, occurrence.seriesId)).for('update');
    if (!series) return;
    await tx
      .update(taskSeriesOccurrences)
      .set({ status: 'failed', failure: reason, claimedUntil: null, updatedAt: new Date() })
      .where(eq(taskSeriesOccurrences.id, occurrence.id));
    if (series.status !== 'active') return;
    const [paused] = await tx
      .update(taskSeries)
      .set({ status: 'paused', pausedReason: reason, updatedAt: new Date() })
      .where(eq(taskSeries.id, series.id))
      .returning();
    const [requester] = await tx
      .select({ type: users.type, ownerId: users.ownerId })
      .from(users)
      .where(eq(users.id, series.requesterId));
    const human = requester?.type === 'agent' ? requester.ownerId : series.requesterId;
    await emitEvent(tx, {
      type: TASK_SERIES_PAUSED,
      data: { series: toTaskSeries(paused ?? series), reason, occurrenceAt: occurrence.occurrenceAt.toISOString() },
      audience: [series.requesterId, human],
      livemode: series.livemode,
    });
    if (human) await notify(tx, pausedNotice(series, human, occurrence, reason));
  });
}

function pausedNotice(series: TaskSeries, userId: string, occurrence: TaskSeriesOccurrence, reason: string) {
  const title = String(series.template.title ?? 'A recurring task');
  return {
    userId,
    kind: 'task_series_paused' as const,
    title: `Recurring task paused: ${title}`.slice(0, 200),
    body: `The occurrence of ${occurrence.occurrenceAt.toISOString()} could not be paid, so no task was posted: ${reason} Update your card and resume the series.`,
    link: `/dashboard/series/${series.id}`,
    dedupeKey: `task_series_paused:${occurrence.id}`,
  };
}
