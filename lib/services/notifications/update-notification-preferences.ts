import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { type NotificationKind, notificationPreferences } from '@/db/schema';
import { notificationPreferencesOf } from './notification-preferences';

type Switches = Partial<Record<NotificationKind, boolean | undefined>>;

export type UpdateNotificationPreferencesOptions = { userId: string; email?: Switches; sms?: Switches };

/**
 * Changes the switches named and keeps the rest, as one statement (jsonb `||` merges into the stored maps, so
 * two changes at once both land). Answers every switch, defaults filled in.
 */
export async function updateNotificationPreferences(
  db: DbOrTx,
  { userId, email = {}, sms = {} }: UpdateNotificationPreferencesOptions,
) {
  const values = { userId, email: defined(email), sms: defined(sms) };
  await db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        email: sql`${notificationPreferences.email} || excluded.email`,
        sms: sql`${notificationPreferences.sms} || excluded.sms`,
        updatedAt: sql`now()`,
      },
    });
  return notificationPreferencesOf(db, userId);
}

const defined = (switches: Switches) =>
  Object.fromEntries(Object.entries(switches).filter(([, on]) => on !== undefined)) as Record<
    NotificationKind,
    boolean
  >;
