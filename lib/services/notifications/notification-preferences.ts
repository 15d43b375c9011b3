import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { NOTIFICATION_KINDS, type NotificationKind, notificationPreferences } from '@/db/schema';
import { DEFAULT_MESSAGE_DELIVERY, type MessageDeliveryChannel, type MessageDeliveryMode } from './message-delivery';

export type ChannelPreferences = Record<NotificationKind, boolean>;
/** A channel's messages: one at a time, summarised per unread thread, or not at all (its `message` switch off). */
export type MessageChoice = MessageDeliveryMode | 'none';
export type NotificationPreferences = {
  email: ChannelPreferences;
  sms: ChannelPreferences;
  push: ChannelPreferences;
  agentChargeDigest: boolean;
  messageDelivery: Record<MessageDeliveryChannel, MessageChoice>;
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
  messageDelivery: { email: DEFAULT_MESSAGE_DELIVERY.email, sms: DEFAULT_MESSAGE_DELIVERY.sms },
};

export async function notificationPreferencesOf(db: Executor, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return withDefaults(row);
}

/** Several people's preferences in one query (a job's batch): everyone asked for is in the map, defaults filled in. */
export async function notificationPreferencesOfMany(db: Executor, userIds: string[]) {
  const unique = [...new Set(userIds)];
  const stored =
    unique.length === 0
      ? []
      : await db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, unique));
  const byUser = new Map(stored.map((row) => [row.userId, withDefaults(row)]));
  return new Map(unique.map((userId) => [userId, byUser.get(userId) ?? withDefaults()]));
}

export function withDefaults(
  row?: Partial<
    Pick<
      typeof notificationPreferences.$inferSelect,
      'email' | 'sms' | 'push' | 'agentChargeDigest' | 'messageDelivery'
    >
  >,
): NotificationPreferences {
  const email = { ...DEFAULT_PREFERENCES.email, ...row?.email };
  const sms = { ...DEFAULT_PREFERENCES.sms, ...row?.sms };
  const mode = (channel: MessageDeliveryChannel, on: boolean): MessageChoice =>
    on ? (row?.messageDelivery?.[channel] ?? DEFAULT_MESSAGE_DELIVERY[channel]) : 'none';
  return {
    email,
    sms,
    push: { ...DEFAULT_PREFERENCES.push, ...row?.push },
    agentChargeDigest: row?.agentChargeDigest ?? DEFAULT_PREFERENCES.agentChargeDigest,
    messageDelivery: { email: mode('email', email.message), sms: mode('sms', sms.message) },
  };
}
