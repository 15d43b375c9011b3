import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { type NotificationKind, notifications } from '@/db/schema';

export type ResolveNotificationsOptions = {
  taskId: string;
  kinds: NotificationKind[];
  /** Whose; everyone's when left out (a task taken is off every nearby worker's list). */
  userIds?: string[];
};

/** Marks done (and so read) what asked for an action now done, in the transaction that did it. */
export async function resolveNotifications(tx: Tx, { taskId, kinds, userIds }: ResolveNotificationsOptions) {
  if (kinds.length === 0 || userIds?.length === 0) return;
  await tx
    .update(notifications)
    .set({ doneAt: sql`now()`, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(
      and(
        eq(notifications.taskId, taskId),
        isNull(notifications.doneAt),
        inArray(notifications.kind, kinds),
        userIds ? inArray(notifications.userId, userIds) : undefined,
      ),
    );
}
