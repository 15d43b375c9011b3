import { eq } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { type TaskSeries, taskSeries } from '@/db/schema';
import { lockOwnSeries, type SeriesCaller } from './find-own-series';
import { describeSeries } from './get-task-series';

/** Locks the caller's series, lets `change` decide its new columns (or throw), stores them, and describes it. */
export async function setSeriesStatus(
  db: Db,
  caller: SeriesCaller,
  seriesId: string,
  change: (series: TaskSeries, tx: Tx) => Promise<Partial<TaskSeries> | null>,
) {
  const series = await db.transaction(async (tx) => {
    const series = await lockOwnSeries(tx, caller, seriesId);
    const changes = await change(series, tx);
    if (!changes) return series;
    const [updated] = await tx
      .update(taskSeries)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(taskSeries.id, series.id))
      .returning();
    return updated ?? series;
  });
  return describeSeries(db, series);
}
