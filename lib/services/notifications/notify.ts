import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { type NotificationKind, notificationEmails, notifications, users } from '@/db/schema';
import { env } from '@/lib/env';
import { queueSms } from '@/lib/services/intake/queue-sms';
import { notificationPreferencesOf } from './notification-preferences';

export type NotifyOptions = {
  userId: string;
  kind: NotificationKind;
  /** One line: "Dana accepted “Photograph the bakery front”". */
  title: string;
  /** A sentence or two; plain text (emails and texts carry it as it is). */
  body: string;
  taskId?: string | null;
  /** The page it is about, as a path for this person (`/worker/tasks/<id>` or `/dashboard/tasks/<id>`). */
  link?: string | null;
  /** What caused it (an event id, or `<kind>:<task>:<…>`): the same cause notifies a person once. */
  dedupeKey: string;
};

/**
 * Notifies one person, in the caller's transaction (so the notification exists exactly when its cause commits):
 * the in-app row, then, after their preferences, an email queued for the notification-email job and a text queued
 * in sms_outbox (a verified phone only; never a number that sent STOP). Only humans are notified; agents hear by
 * webhook. A repeat of the same `dedupeKey` does nothing and returns null.
 */
export async function notify(tx: Tx, options: NotifyOptions) {
  const [user] = await tx
    .select({ type: users.type, email: users.email, phone: users.phone, phoneVerifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, options.userId));
  if (user?.type !== 'human') return null;
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: options.userId,
      kind: options.kind,
      title: options.title,
      body: options.body,
      taskId: options.taskId ?? null,
      link: options.link ?? null,
      dedupeKey: options.dedupeKey,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  const preferences = await notificationPreferencesOf(tx, options.userId);
  if (preferences.email[options.kind] && user.email) {
    await tx.insert(notificationEmails).values({ notificationId: row.id });
  }
  if (preferences.sms[options.kind] && user.phone && user.phoneVerifiedAt) {
    const link = row.link ? ` ${env().SITE_URL}${row.link}` : '';
    await queueSms(tx, { to: user.phone, body: `Legwork: ${row.title}.${link}` });
  }
  return row;
}
