import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type NotificationKind, notificationPreferences } from '@/db/schema';
import { MESSAGE_DELIVERY_CHANNELS, type MessageDeliveryChannel, type MessageDeliveryMode } from './message-delivery';
import { type MessageChoice, notificationPreferencesOf } from './notification-preferences';

type Switches = Partial<Record<NotificationKind, boolean | undefined>>;

export type UpdateNotificationPreferencesOptions = {
  userId: string;
  email?: Switches;
  sms?: Switches;
  push?: Switches;
  agentChargeDigest?: boolean;
  /** `none` turns the channel's `message` switch off; `each` or `batched` turns it on in that mode. */
  messageDelivery?: Partial<Record<MessageDeliveryChannel, MessageChoice>>;
};

// One statement: jsonb `||` merges into the stored maps, so two changes at once both land.
export async function updateNotificationPreferences(
  db: Executor,
  {
    userId,
    email = {},
    sms = {},
    push = {},
    agentChargeDigest,
    messageDelivery = {},
  }: UpdateNotificationPreferencesOptions,
) {
  const switches = { email: { ...email }, sms: { ...sms } };
  const modes: Partial<Record<MessageDeliveryChannel, MessageDeliveryMode>> = {};
  for (const channel of MESSAGE_DELIVERY_CHANNELS) {
    const choice = messageDelivery[channel];
    if (choice === undefined) continue;
    switches[channel].message = choice !== 'none';
    if (choice !== 'none') modes[channel] = choice;
  }
  const values = {
    userId,
    email: defined(switches.email),
    sms: defined(switches.sms),
    push: defined(push),
    agentChargeDigest: agentChargeDigest ?? false,
    messageDelivery: modes,
  };
  await db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        email: sql`${notificationPreferences.email} || excluded.email`,
        sms: sql`${notificationPreferences.sms} || excluded.sms`,
        messageDelivery: sql`${notificationPreferences.messageDelivery} || excluded.message_delivery`,
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
