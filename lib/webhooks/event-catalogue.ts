import { taskStatus } from '@/db/schema/tasks';
import {
  DISPUTE_EVENT_TYPES,
  OFFER_EVENT_TYPES,
  PAYMENT_EVENT_TYPES,
  TASK_MESSAGE_CREATED,
  TASK_SERIES_PAUSED,
  TASK_TIPPED,
} from '@/lib/events/event-types';

/** Every event type an endpoint can subscribe to (docs/messaging.md "Outbound webhooks"). */
export const WEBHOOK_EVENT_TYPES = [
  ...taskStatus.enumValues.map((status) => `task.${status}` as const),
  TASK_MESSAGE_CREATED,
  TASK_TIPPED,
  ...PAYMENT_EVENT_TYPES,
  ...DISPUTE_EVENT_TYPES,
  TASK_SERIES_PAUSED,
  ...OFFER_EVENT_TYPES,
  'webhook.test',
] as const;
