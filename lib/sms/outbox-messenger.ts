import type { Messenger } from './messenger';

/**
 * The built-in messenger when no SMS provider is configured: nothing leaves the machine. The `sms_outbox` row
 * the dispatcher settles as sent is the message, readable at /dev/mailbox.
 */
export function createOutboxMessenger(): Messenger {
  return {
    name: 'outbox',
    async send() {
      return { providerId: null };
    },
  };
}
