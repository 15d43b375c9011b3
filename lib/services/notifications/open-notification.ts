import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { notifications } from '@/db/schema';

export type OpenNotificationOptions = { userId: string; id: string };

export async function openNotification(db: Executor, { userId, id }: OpenNotificationOptions) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)));
  const [row] = await db
    .select({ link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  // Only a path on this site: never an absolute URL (an open redirect).
  return row?.link?.startsWith('/') && !row.link.startsWith('//') ? row.link : null;
}
