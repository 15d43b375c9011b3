import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, retryColumns, timestamptz, updatedAt } from './columns';
import { users } from './users';

// What we know of each user at the payment processor. One row per user, mode (live / test) and processor,
// so a test-mode API key never touches live payment data, nor the built-in test mode Stripe's test data. Card numbers never reach us: only brand and last4.
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    livemode: boolean('livemode').notNull(),
    processor: text('processor').notNull(),
    customerId: text('customer_id').notNull(),
    paymentMethodId: text('payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.livemode, t.processor] }),
    uniqueIndex('payment_customers_customer_key').on(t.customerId),
  ],
);

export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    livemode: boolean('livemode').notNull(),
    processor: text('processor').notNull(),
    accountId: text('account_id').notNull(),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    // Outstanding requirements (Stripe's requirements.currently_due).
    requirements: jsonb('requirements').$type<string[]>().notNull().default([]),
    // `created` of the processor event last applied: an older event arriving late changes nothing.
    eventCreated: bigint('event_created', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.livemode, t.processor] }),
    uniqueIndex('payout_accounts_account_key').on(t.accountId),
  ],
);

export const identityStatus = pgEnum('identity_status', ['not_started', 'pending', 'verified', 'failed']);

export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    livemode: boolean('livemode').notNull(),
    processor: text('processor').notNull(),
    sessionId: text('session_id').notNull(),
    status: identityStatus('status').notNull().default('pending'),
    verifiedAt: timestamptz('verified_at'),
    eventCreated: bigint('event_created', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('identity_verifications_session_key').on(t.sessionId), index('identity_user_idx').on(t.userId)],
);

export const chargeStatus = pgEnum('charge_status', ['processing', 'succeeded', 'failed', 'canceled']);

// A card charge for a task (a PaymentIntent at Stripe). `refundedCents` and `disputed` follow the
// processor's events.
export const charges = pgTable(
  'charges',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    taskId: uuid('task_id'),
    // Set on a top-up: the extra charge that accepting an offer above the budget makes (accept-offer.ts); null on
    // the task's funding charge, of which there is one per task and mode.
    offerId: uuid('offer_id'),
    livemode: boolean('livemode').notNull(),
    processor: text('processor').notNull(),
    processorId: text('processor_id'),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    // Each attempt (a retry after a failure) gets its own processor idempotency key.
    attempts: integer('attempts').notNull().default(1),
    status: chargeStatus('status').notNull().default('processing'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    disputed: boolean('disputed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('charges_processor_id_key').on(t.processorId),
    uniqueIndex('charges_task_key').on(t.taskId, t.livemode).where(sql`${t.offerId} is null`),
    // One top-up in flight per offer: a retry resumes it (its processor key is `charge:<id>`).
    uniqueIndex('charges_offer_processing_key')
      .on(t.offerId)
      .where(sql`${t.offerId} is not null and ${t.status} = 'processing'`),
    index('charges_user_idx').on(t.userId),
  ],
);

export type Charge = typeof charges.$inferSelect;

export const transferStatus = pgEnum('transfer_status', ['pending', 'paid', 'reversed']);

// A task's pay to its worker, and the outbox of the processor call: written unsent (no processor id) in the
// transaction that completes the task, sent after the commit by sendDueTransfers (claimed by moving
// `next_attempt_at` out by a lease), and marked sent with its ledger movement in a short transaction of its own.
export const transfers = pgTable(
  'transfers',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    taskId: uuid('task_id'),
    livemode: boolean('livemode').notNull(),
    processor: text('processor').notNull(),
    processorId: text('processor_id'),
    amountCents: integer('amount_cents').notNull(),
    // The platform's fee the transfer's ledger movement takes from the escrow (0 for held pay: taken at release).
    feeCents: integer('fee_cents').notNull().default(0),
    reversedCents: integer('reversed_cents').notNull().default(0),
    status: transferStatus('status').notNull().default('pending'),
    ...retryColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('transfers_processor_id_key').on(t.processorId),
    uniqueIndex('transfers_task_key').on(t.taskId, t.livemode),
    index('transfers_unsent_idx').on(t.nextAttemptAt).where(sql`${t.processorId} is null`),
  ],
);

export const refundStatus = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);

// One refund of a charge, and the outbox of its processor call: written with the ledger's refund in the
// transaction that decides it (refundTask), sent after the commit by sendDueRefunds with `idempotency_key`
// toward the processor, and marked with the processor's refund id in a short transaction of its own.
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => charges.id),
    taskId: uuid('task_id'),
    livemode: boolean('livemode').notNull(),
    processor: text('processor').notNull(),
    amountCents: integer('amount_cents').notNull(),
    // `task:<id>:refund:<cents refunded before>`: a re-send after a crash is a replay at the processor.
    idempotencyKey: text('idempotency_key').notNull(),
    processorId: text('processor_id'),
    status: refundStatus('status').notNull().default('pending'),
    ...retryColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_key').on(t.livemode, t.idempotencyKey),
    index('refunds_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('refunds_charge_idx').on(t.chargeId),
  ],
);

// Every processor event we have handled, by its id: the unique key makes a redelivery a no-op.
export const processorEvents = pgTable('processor_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  livemode: boolean('livemode').notNull(),
  receivedAt: createdAt(),
});

// The built-in test-mode processor keeps its objects (customers, setup sessions, payment methods, …) here,
// shaped like Stripe's, so several instances share them and its pages work from any of them.
export const testProcessorObjects = pgTable(
  'test_processor_objects',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('test_processor_objects_type_idx').on(t.type)],
);
