import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { taskSeriesOccurrences } from '@/db/schema';

/** A paused or ended series gives up the occurrences planned but not yet funded: no task is created for them. */
export async function dropPendingOccurrences(tx: Tx, seriesId: string, why: string) {
  await tx
    .update(taskSeriesOccurrences)
    .set({ status: 'failed', failure: why, claimedUntil: null, updatedAt: new Date() })
    .where(and(eq(taskSeriesOccurrences.seriesId, seriesId), eq(taskSeriesOccurrences.status, 'pending')));
}
