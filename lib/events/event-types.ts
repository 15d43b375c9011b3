import type { TaskStatus } from '@/db/schema/tasks';

// The event catalogue (docs/architecture.md "Events"). Every task transition emits `task.<new status>`.
export const TASK_MESSAGE_CREATED = 'task.message.created';
/** A completed task's worker was tipped (docs/payments.md, "Tips"). */
export const TASK_TIPPED = 'task.tipped';
export const PAYMENT_EVENT_TYPES = ['payment.succeeded', 'payment.refunded', 'payment.transferred'] as const;
export const DISPUTE_EVENT_TYPES = ['dispute.opened', 'dispute.evidence_added', 'dispute.resolved'] as const;
/** A recurring task stopped creating its occurrences (a refused card): docs/tasks.md "Recurring tasks". */
export const TASK_SERIES_PAUSED = 'task_series.paused';
// `offer.created` goes to the requester side, `offer.accepted` / `offer.declined` to the offer's worker.
export const OFFER_EVENT_TYPES = ['offer.created', 'offer.accepted', 'offer.declined'] as const;

export type TaskStatusEventType = `task.${TaskStatus}`;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];
export type DisputeEventType = (typeof DISPUTE_EVENT_TYPES)[number];
export type OfferEventType = (typeof OFFER_EVENT_TYPES)[number];
export type EventType =
  | TaskStatusEventType
  | typeof TASK_MESSAGE_CREATED
  | typeof TASK_TIPPED
  | PaymentEventType
  | DisputeEventType
  | typeof TASK_SERIES_PAUSED
  | OfferEventType
  | 'webhook.test';
