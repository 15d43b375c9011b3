import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { beforeCursor, cursorAt, decodeCursor, pageOf } from '@/db/cursor';
import { type Notification, notifications } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { assertPerson } from './assert-person';

export type ListNotificationsOptions = {
  user: Pick<ActorUser, 'id' | 'type'>;
  unread?: boolean;
  cursor?: string;
  limit: number;
};

export async function listNotifications(db: Executor, { user, unread, cursor, limit }: ListNotificationsOptions) {
  assertPerson(user);
  const after = cursor ? decodeCursor(cursor) : undefined;
  const rows = await db
    .select({ notification: notifications, cursorAt: cursorAt(notifications.createdAt) })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, user.id),
        unread ? isNull(notifications.readAt) : undefined,
        beforeCursor(notifications.createdAt, notifications.id, after),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
  const { shown, nextCursor } = pageOf(rows, limit, (last) => ({ cursorAt: last.cursorAt, id: last.notification.id }));
  return { data: shown.map((row) => toNotificationResource(row.notification)), nextCursor };
}

function toNotificationResource(row: Notification) {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    taskId: row.taskId,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    doneAt: row.doneAt?.toISOString() ?? null,
  };
}
