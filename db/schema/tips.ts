import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, retryColumns, timestamptz, updatedAt } from './columns';
import { tasks } from './tasks';
import { users } from './users';

export const tipSource = pgEnum('tip_source', ['card', 'x402']);
// `pending` from the claim until the money is on the books (`paid`); `failed` when the card or payment refused it.
export const tipStatus = pgEnum('tip_status', ['pending', 'paid', 'failed']);

// A requester's tip to a completed task's worker (docs/payments.md, "Tips"). The row is claimed, with the caller's
// Idempotency-Key, before anything is charged, so a retry resumes the one tip; it is also the outbox of the tip's
// transfer to the worker (`transfer_processor_id` null until sent, `tip:<id>:transfer` toward the processor).
export const tips = pgTable(
  'tips',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id),
    // Who asked for the tip: the requesting agent, its operator, or the human requester.
    tipperId: uuid('tipper_id')
      .notNull()
      .references(() => users.id),
    // Whose money it is: the card's owner (an agent's operator), or the tipper for x402. Their payment history.
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => users.id),
    livemode: boolean('livemode').notNull(),
    amountCents: integer('amount_cents').notNull(),
    source: tipSource('source').notNull(),
    status: tipStatus('status').notNull().default('pending'),
    // SHA-256 of the Idempotency-Key and of the body it came with.
    creationKey: text('creation_key').notNull(),
    requestHash: text('request_hash').notNull(),
    // The card charge (pi_…) and how many were tried (the processor key is `tip:<id>:charge:<attempt>`).
    chargeAttempts: integer('charge_attempts').notNull().default(0),
    chargeProcessorId: text('charge_processor_id'),
    x402PaymentId: uuid('x402_payment_id'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    paidAt: timestamptz('paid_at'),
    // The transfer to the worker (the outbox): sent once paid, booked with the processor's id.
    transferProcessorId: text('transfer_processor_id'),
    ...retryColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tips_creation_key').on(t.tipperId, t.creationKey),
    index('tips_task_idx').on(t.taskId),
    index('tips_worker_idx').on(t.workerId, t.createdAt),
    index('tips_unsent_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'paid' and ${t.transferProcessorId} is null`),
    check('tips_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export type Tip = typeof tips.$inferSelect;
