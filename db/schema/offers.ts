import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { tasks } from './tasks';
import { users } from './users';

// `expired` is not stored: a pending offer past `expires_at` reads as expired (toOfferResource) and cannot be
// accepted, so no job has to sweep them.
export const offerStatus = pgEnum('task_offer_status', ['pending', 'accepted', 'declined', 'withdrawn']);
export type OfferStatus = (typeof offerStatus.enumValues)[number];

// A listed worker's answer to a posted task: the pay they want instead of its budget (docs/tasks.md "Offers").
export const taskOffers = pgTable(
  'task_offers',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The worker's pay: the task's budget if accepted (the fee is added on top, priceTask).
    priceCents: integer('price_cents').notNull(),
    proposedTime: timestamptz('proposed_time'),
    message: text('message'),
    status: offerStatus('status').notNull().default('pending'),
    expiresAt: timestamptz('expires_at').notNull(),
    decidedAt: timestamptz('decided_at'),
    // An x402 task's top-up (a price above the budget): the claimed payment, kept so a retry resumes it.
    topUpX402PaymentId: uuid('top_up_x402_payment_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The requester's ranked list reads one task's offers by status (GET /v1/tasks/{id}/offers).
    index('task_offers_task_status_idx').on(t.taskId, t.status, t.expiresAt),
    // One live offer per worker per task: a new one replaces the pending one.
    uniqueIndex('task_offers_pending_key').on(t.taskId, t.workerId).where(sql`${t.status} = 'pending'`),
    index('task_offers_worker_idx').on(t.workerId, t.createdAt),
    check('task_offers_price_positive', sql`${t.priceCents} > 0`),
  ],
);

export type TaskOffer = typeof taskOffers.$inferSelect;
