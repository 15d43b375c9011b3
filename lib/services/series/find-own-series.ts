import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '@/db/client';
import { taskSeries, users } from '@/db/schema';
import { seriesNotFound } from './series-not-found';

export type SeriesCaller = { userId: string };

/** The caller's own series or one of their agents'; 404 for anyone else's. */
export const ownedBy = (userId: string) =>
  or(
    eq(taskSeries.requesterId, userId),
    sql`${taskSeries.requesterId} in (select ${users.id} from ${users} where ${users.ownerId} = ${userId})`,
  );

export async function findOwnSeries(db: Executor, { userId }: SeriesCaller, seriesId: string) {
  const [series] = await db
    .select()
    .from(taskSeries)
    .where(and(eq(taskSeries.id, seriesId), ownedBy(userId)));
  if (!series) throw seriesNotFound();
  return series;
}

/** Locked for a change (the series row comes before any task of it). */
export async function lockOwnSeries(tx: Tx, { userId }: SeriesCaller, seriesId: string) {
  const [series] = await tx
    .select()
    .from(taskSeries)
    .where(and(eq(taskSeries.id, seriesId), ownedBy(userId)))
    .for('update');
  if (!series) throw seriesNotFound();
  return series;
}
