import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { NOTIFICATION_KINDS, type NotificationKind, notificationPreferences } from '@/db/schema';

export type ChannelPreferences = Record<NotificationKind, boolean>;
export type NotificationPreferences = {
  email: ChannelPreferences;
  sms: ChannelPreferences;
  /** `agent_charge` emails as one digest a day instead of one per charge. */
  agentChargeDigest: boolean;
};

/** Kinds texted by default (to a verified phone only): the ones that cannot wait for the inbox. */
const SMS_BY_DEFAULT = new Set<NotificationKind>(['new_task_nearby', 'message']);

/** DESIGN §5: email on for every kind; SMS on for "new task near you" and "message" once a phone is verified. */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  email: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) as ChannelPreferences,
  sms: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, SMS_BY_DEFAULT.has(kind)])) as ChannelPreferences,
  agentChargeDigest: false,
};

/** A person's switches: the stored ones over the defaults, every kind present. */
export async function notificationPreferencesOf(db: Executor, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return withDefaults(row);
}

/** A stored preferences row (or none) over the defaults. */
export function withDefaults(
  row?: Pick<typeof notificationPreferences.$inferSelect, 'email' | 'sms' | 'agentChargeDigest'>,
): NotificationPreferences {
  return {
    email: { ...DEFAULT_PREFERENCES.email, ...row?.email },
    sms: { ...DEFAULT_PREFERENCES.sms, ...row?.sms },
    agentChargeDigest: row?.agentChargeDigest ?? DEFAULT_PREFERENCES.agentChargeDigest,
  };
}
