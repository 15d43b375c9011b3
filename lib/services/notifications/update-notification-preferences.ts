import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type NotificationKind, notificationPreferences } from '@/db/schema';
import { notificationPreferencesOf } from './notification-preferences';

type Switches = Partial<Record<NotificationKind, boolean | undefined>>;

export type UpdateNotificationPreferencesOptions = {
  userId: string;
  email?: Switches;
  sms?: Switches;
  push?: Switches;
  agentChargeDigest?: boolean;
};

// One statement: jsonb `||` merges into the stored maps, so two changes at once both land.
export async function updateNotificationPreferences(
  db: Executor,
  { userId, email = {}, sms = {}, push = {}, agentChargeDigest }: UpdateNotificationPreferencesOptions,
) {
  const values = {
    userId,
    email: defined(email),
    sms: defined(sms),
    push: defined(push),
    agentChargeDigest: agentChargeDigest ?? false,
  };
  await db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        email: sql`${notificationPreferences.email} || excluded.email`,
        sms: sql`${notificationPreferences.sms} || excluded.sms`,
        push: sql`${notificationPreferences.push} || excluded.push`,
        ...(agentChargeDigest === undefined ? {} : { agentChargeDigest }),
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
