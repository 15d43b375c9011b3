import { inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import {
  type Notification,
  type NotificationKind,
  notificationDigestItems,
  notificationEmails,
  notifications,
  users,
} from '@/db/schema';
import { env } from '@/lib/env';
import { queuePushes } from '@/lib/services/messaging/push/queue-pushes';
import { queueSms } from '@/lib/services/messaging/sms/queue-sms';
import { notificationPreferencesOfMany, withDefaults } from './notification-preferences';
import { withoutLiveWorkersOnTestTasks } from './without-live-workers-on-test-tasks';

export type NotifyOptions = {
  userId: string;
  kind: NotificationKind;
  title: string;
  /** Plain text: emails and texts carry it as it is. */
  body: string;
  taskId?: string | null;
  link?: string | null;
  /** The same cause notifies a person once. */
  dedupeKey: string;
};

// A handful of statements whatever the number of people. Recipients are chosen in one place only
// (without-live-workers-on-test-tasks.ts).
export async function notifyMany(tx: Tx, all: NotifyOptions[]): Promise<Notification[]> {
  const items = await withoutLiveWorkersOnTestTasks(tx, all);
  if (items.length === 0) return [];
  const people = await tx
    .select({
      id: users.id,
      type: users.type,
      email: users.email,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
    })
    .from(users)
    .where(
      inArray(
        users.id,
        items.map((item) => item.userId),
      ),
    );
  const humans = new Map(people.filter((person) => person.type === 'human').map((person) => [person.id, person]));
  const wanted = items.filter((item) => humans.has(item.userId));
  if (wanted.length === 0) return [];
  const rows = await tx
    .insert(notifications)
    .values(
      wanted.map((item) => ({
        userId: item.userId,
        kind: item.kind,
        title: item.title,
        body: item.body,
        taskId: item.taskId ?? null,
        link: item.link ?? null,
        dedupeKey: item.dedupeKey,
      })),
    )
    .onConflictDoNothing()
    .returning();
  if (rows.length === 0) return [];
  const preferencesOf = await notificationPreferencesOfMany(
    tx,
    rows.map((row) => row.userId),
  );
  const preferences = (userId: string) => preferencesOf.get(userId) ?? withDefaults();
  const emailed = rows.filter((row) => preferences(row.userId).email[row.kind] && humans.get(row.userId)?.email);
  // An agent's card charge, for an operator who chose the digest: its email waits for the day's digest.
  const digested = (row: Notification) => row.kind === 'agent_charge' && preferences(row.userId).agentChargeDigest;
  const now = emailed.filter((row) => !digested(row));
  const later = emailed.filter(digested);
  if (now.length > 0) {
    await tx.insert(notificationEmails).values(now.map((row) => ({ notificationId: row.id })));
  }
  if (later.length > 0) {
    await tx
      .insert(notificationDigestItems)
      .values(later.map((row) => ({ notificationId: row.id, userId: row.userId, createdAt: row.createdAt })));
  }
  for (const row of rows) {
    const person = humans.get(row.userId);
    if (!preferences(row.userId).sms[row.kind] || !person?.phone || !person.phoneVerifiedAt) continue;
    const link = row.link ? ` ${env().SITE_URL}${row.link}` : '';
    await queueSms(tx, { to: person.phone, body: `Legwork: ${row.title}.${link}` });
  }
  await queuePushes(
    tx,
    rows
      .filter((row) => preferences(row.userId).push[row.kind])
      .map((row) => ({
        userId: row.userId,
        title: row.title,
        body: row.body,
        url: row.link ?? '/notifications',
        // A newer push of the same kind about the same task replaces the one still showing.
        tag: `${row.kind}:${row.taskId ?? row.id}`,
      })),
  );
  return rows;
}
