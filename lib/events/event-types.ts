import type { TaskStatus } from '@/db/schema/tasks';

// The event catalogue (docs/architecture.md "Events"). Every task transition emits `task.<new status>`.
export const TASK_MESSAGE_CREATED = 'task.message.created';
/** A completed task's worker was tipped (docs/payments.md, "Tips"). */
export const TASK_TIPPED = 'task.tipped';
export const PAYMENT_EVENT_TYPES = ['payment.succeeded', 'payment.refunded', 'payment.transferred'] as const;
export const DISPUTE_EVENT_TYPES = ['dispute.opened', 'dispute.evidence_added', 'dispute.resolved'] as const;

export type TaskStatusEventType = `task.${TaskStatus}`;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];
export type DisputeEventType = (typeof DISPUTE_EVENT_TYPES)[number];
export type EventType =
  | TaskStatusEventType
  | typeof TASK_MESSAGE_CREATED
  | typeof TASK_TIPPED
  | PaymentEventType
  | DisputeEventType
  | 'webhook.test';
