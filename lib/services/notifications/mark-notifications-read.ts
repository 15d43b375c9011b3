import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { notifications } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { assertPerson } from './assert-person';
import { countUnreadNotifications } from './count-unread-notifications';

export type MarkNotificationsReadOptions = {
  user: Pick<ActorUser, 'id' | 'type'>;
  /** Ids of someone else's are skipped, not an error: nothing about them is revealed. */
  ids?: string[];
  all?: boolean;
};

/** A read one keeps its first `readAt`. */
export async function markNotificationsRead(db: Executor, { user, ids, all }: MarkNotificationsReadOptions) {
  assertPerson(user);
  if (all || (ids && ids.length > 0)) {
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.userId, user.id),
          isNull(notifications.readAt),
          all ? undefined : inArray(notifications.id, ids ?? []),
        ),
      );
  }
  return { unread: await countUnreadNotifications(db, user.id) };
}
