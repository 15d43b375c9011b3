import { env } from '@/lib/env';

/** How a channel that is on for messages delivers them (docs/messaging.md "Message notifications"). */
export const MESSAGE_DELIVERY_MODES = ['each', 'batched'] as const;
export type MessageDeliveryMode = (typeof MESSAGE_DELIVERY_MODES)[number];
export const MESSAGE_DELIVERY_CHANNELS = ['email', 'sms'] as const;
export type MessageDeliveryChannel = (typeof MESSAGE_DELIVERY_CHANNELS)[number];
export type MessageDelivery = Record<MessageDeliveryChannel, MessageDeliveryMode>;

export const DEFAULT_MESSAGE_DELIVERY: MessageDelivery = { email: 'batched', sms: 'batched' };

/** SQL for a channel's stored mode, on a `notification_preferences` row aliased `p` (the default when unset). */
export const messageModeSql = (channel: MessageDeliveryChannel) =>
  `coalesce(p.message_delivery ->> '${channel}', '${DEFAULT_MESSAGE_DELIVERY[channel]}')`;

/**
 * A message about money goes at once, whatever the mode: an amount with a currency sign or code, or a word of
 * payment. PostgreSQL's `~*` reads it (post-message.ts), and `isMoneyMessage` for the tests and docs.
 */
export const MONEY_MESSAGE_PATTERN =
  '([$€£]\\s?[0-9])|([0-9]\\s?(usd|eur|gbp|dollars?|euros?)\\M)|\\m(refund(ed|s)?|pay(ment|ments|out|ing)?|paid|tip(ped|s)?|charged?|invoice|price|fee)\\M';

export function isMoneyMessage(body: string): boolean {
  // PostgreSQL's word boundaries \m and \M are \b here.
  return new RegExp(MONEY_MESSAGE_PATTERN.replace(/\\[mM]/g, '\\b'), 'i').test(body);
}

/** The settings the message statement reads: whether batching is on, and after how long a digest is due. */
export function messageBatching() {
  const { MESSAGE_BATCHING, NOTIFY_UNREAD_AFTER_SECONDS } = env();
  return { enabled: MESSAGE_BATCHING, unreadAfterSeconds: NOTIFY_UNREAD_AFTER_SECONDS };
}
