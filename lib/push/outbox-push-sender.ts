import type { PushSender } from './push-sender';

/**
 * The built-in sender when no real push is configured (PUSH_MODE=outbox, the default without VAPID keys): nothing
 * leaves the machine. The `push_outbox` row the job settles as sent is the push, readable at /dev/mailbox.
 */
export function createOutboxPushSender(): PushSender {
  return {
    name: 'outbox',
    async send() {
      return { statusCode: 201, error: null };
    },
  };
}
