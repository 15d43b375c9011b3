import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { NOTIFICATION_KINDS, type NotificationKind, notificationPreferences } from '@/db/schema';

export type ChannelPreferences = Record<NotificationKind, boolean>;
export type NotificationPreferences = {
  email: ChannelPreferences;
  sms: ChannelPreferences;
  push: ChannelPreferences;
  agentChargeDigest: boolean;
};

const SMS_BY_DEFAULT = new Set<NotificationKind>(['new_task_nearby', 'message']);
// Push is cheap and silent to dismiss: on where SMS is, and for what asks a person to act or pays them.
const PUSH_BY_DEFAULT = new Set<NotificationKind>([
  ...SMS_BY_DEFAULT,
  'task_accepted',
  'task_submitted',
  'revision_requested',
  'task_offer',
  'payout_sent',
  'tip_received',
]);

/** DESIGN §5. */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  email: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) as ChannelPreferences,
  sms: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, SMS_BY_DEFAULT.has(kind)])) as ChannelPreferences,
  push: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, PUSH_BY_DEFAULT.has(kind)])) as ChannelPreferences,
  agentChargeDigest: false,
};

export async function notificationPreferencesOf(db: Executor, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return withDefaults(row);
}

export function withDefaults(
  row?: Pick<typeof notificationPreferences.$inferSelect, 'email' | 'sms' | 'push' | 'agentChargeDigest'>,
): NotificationPreferences {
  return {
    email: { ...DEFAULT_PREFERENCES.email, ...row?.email },
    sms: { ...DEFAULT_PREFERENCES.sms, ...row?.sms },
    push: { ...DEFAULT_PREFERENCES.push, ...row?.push },
    agentChargeDigest: row?.agentChargeDigest ?? DEFAULT_PREFERENCES.agentChargeDigest,
  };
}
