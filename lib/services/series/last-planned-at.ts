import { eq, max } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { taskSeriesOccurrences } from '@/db/schema';

/** The start of the series' latest planned occurrence, or null before the first. */
export async function lastPlannedAt(db: Executor, seriesId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(taskSeriesOccurrences.occurrenceAt) })
    .from(taskSeriesOccurrences)
    .where(eq(taskSeriesOccurrences.seriesId, seriesId));
  return row?.at ? new Date(row.at) : null;
}
