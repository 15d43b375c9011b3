import { and, desc } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { beforeCursor, cursorAt, decodeCursor, pageOf } from '@/db/cursor';
import { taskSeries } from '@/db/schema';
import { ownedBy, type SeriesCaller } from './find-own-series';
import { toTaskSeries } from './to-task-series';

export async function listTaskSeries(db: Executor, caller: SeriesCaller, page: { cursor?: string; limit: number }) {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const rows = await db
    .select({ series: taskSeries, cursorAt: cursorAt(taskSeries.createdAt) })
    .from(taskSeries)
    .where(and(ownedBy(caller.userId), beforeCursor(taskSeries.createdAt, taskSeries.id, after)))
    .orderBy(desc(taskSeries.createdAt), desc(taskSeries.id))
    .limit(page.limit + 1);
  const { shown, nextCursor } = pageOf(rows, page.limit, (last) => ({ cursorAt: last.cursorAt, id: last.series.id }));
  return { data: shown.map((row) => toTaskSeries(row.series)), nextCursor };
}
