import { inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { tasks } from '@/db/schema';

export async function paymentHistoryTaskStates(db: Db, taskIds: (string | null)[]) {
  const ids = [...new Set(taskIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.select({ id: tasks.id, status: tasks.status }).from(tasks).where(inArray(tasks.id, ids));
  return new Map(rows.map((row) => [row.id, row.status as string]));
}
