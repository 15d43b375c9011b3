import { env } from '@/lib/env';
import type { Messenger } from './messenger';
import { createOutboxMessenger } from './outbox-messenger';
import { createTelnyxMessenger } from './telnyx-messenger';

/** Telnyx when TELNYX_API_KEY and TELNYX_FROM_NUMBER are both set, else the outbox (shown at /dev/mailbox). */
export function getMessenger(): Messenger {
  const { TELNYX_API_KEY, TELNYX_FROM_NUMBER } = env();
  if (!TELNYX_API_KEY || !TELNYX_FROM_NUMBER) return createOutboxMessenger();
  return createTelnyxMessenger({ apiKey: TELNYX_API_KEY, from: TELNYX_FROM_NUMBER });
}
