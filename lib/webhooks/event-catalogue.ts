import { PAYMENT_EVENT_TYPES, TASK_MESSAGE_CREATED } from '@/lib/events/event-types';
import { TASK_STATUSES } from '@/lib/schemas/tasks';

/** Every event type an endpoint can subscribe to (docs/architecture.md "Outbound webhooks"). */
export const WEBHOOK_EVENT_TYPES = [
  ...TASK_STATUSES.map((status) => `task.${status}` as const),
  TASK_MESSAGE_CREATED,
  ...PAYMENT_EVENT_TYPES,
  'webhook.test',
] as const;
