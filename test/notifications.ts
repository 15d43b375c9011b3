import { asc, eq, inArray } from 'drizzle-orm';
import { getDatabase } from '@/db/client';
import {
  type NotificationKind,
  notificationEmails,
  notificationPreferences,
  notifications,
  smsOutbox,
  users,
} from '@/db/schema';
import type { MessageDelivery } from '@/lib/services/notifications/message-delivery';

type Switches = Partial<Record<NotificationKind, boolean>>;

// Notification fixtures: what a person was told, and the switches and phone that decide where it goes.

/** A user's notifications, oldest first. */
export async function notificationsOf(userId: string) {
  const { db } = await getDatabase();
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
}

/** The notification emails queued for these notifications. */
export async function emailRowsFor(notificationIds: string[]) {
  if (notificationIds.length === 0) return [];
  const { db } = await getDatabase();
  return db.select().from(notificationEmails).where(inArray(notificationEmails.notificationId, notificationIds));
}

/** Stores a user's switches as given (kinds left out keep their defaults). */
export async function setPreferences(
  userId: string,
  preferences: { email?: Switches; sms?: Switches; push?: Switches; messageDelivery?: Partial<MessageDelivery> },
) {
  const { db } = await getDatabase();
  const values = {
    userId,
    email: preferences.email ?? {},
    sms: preferences.sms ?? {},
    push: preferences.push ?? {},
    messageDelivery: preferences.messageDelivery ?? {},
  };
  await db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
}

/** Gives the user a verified phone number. */
export async function verifyPhone(userId: string, phone: string) {
  const { db } = await getDatabase();
  await db.update(users).set({ phone, phoneVerifiedAt: new Date() }).where(eq(users.id, userId));
}

/** The texts queued to a number. */
export async function textsTo(phone: string) {
  const { db } = await getDatabase();
  return db.select().from(smsOutbox).where(eq(smsOutbox.to, phone));
}
