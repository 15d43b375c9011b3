import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { notifications } from '@/db/schema';

/** The partial index on unread rows serves it. */
export async function countUnreadNotifications(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.unread ?? 0);
}
