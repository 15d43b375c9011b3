import { env } from '@/lib/env';
import { createOutboxPushSender } from './outbox-push-sender';
import type { PushSender } from './push-sender';
import { vapidKeys } from './vapid-keys';
import { createWebPushSender } from './web-push-sender';

/** The mode in force: PUSH_MODE, else web push when VAPID keys are configured, else the outbox (works offline). */
export function pushMode(): 'webpush' | 'outbox' {
  const { PUSH_MODE, VAPID_PUBLIC_KEY } = env();
  return PUSH_MODE ?? (VAPID_PUBLIC_KEY ? 'webpush' : 'outbox');
}

export function getPushSender(): PushSender {
  if (pushMode() === 'outbox') return createOutboxPushSender();
  return createWebPushSender({ vapid: vapidKeys(), allowPrivate: env().PUSH_ALLOW_PRIVATE_URLS });
}
