import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { events } from './events';
import { users } from './users';

// An endpoint an API client registered for signed outbound webhooks (Standard Webhooks). The signing secret
// is sealed (we must sign with it, so it cannot be hashed); after a rotation the previous one signs too
// until `previousSecretExpiresAt`.
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    // Event types this endpoint wants; empty = all.
    events: text('events').array().notNull().default([]),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamptz('previous_secret_expires_at'),
    livemode: boolean('livemode').notNull(),
    // Set when the receiver answered 410 Gone (or the owner disabled it); nothing is delivered while set.
    disabledAt: timestamptz('disabled_at'),
    disabledReason: text('disabled_reason'),
    deletedAt: timestamptz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_owner_idx').on(t.ownerId, t.createdAt, t.id)],
);

export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', ['pending', 'succeeded', 'failed']);

// One event for one endpoint: retried on the schedule until it succeeds or runs out of attempts.
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    status: webhookDeliveryStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    // When the next attempt is due; null once the delivery is settled.
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt, t.id),
  ],
);

// Every attempt of a delivery, for the delivery log: what the receiver answered and how long it took.
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptNumber: integer('attempt_number').notNull(),
    // Null when no HTTP answer came (timeout, refused connection, blocked address), and until the outcome is written.
    statusCode: integer('status_code'),
    // Null until the outcome is written. The row is committed before the request goes out, so an attempt whose
    // outcome could not be written (the database unreachable, the dispatcher killed) still shows in the log.
    durationMs: integer('duration_ms'),
    error: text('error'),
    // The first 1 KB of the answer.
    responseSnippet: text('response_snippet'),
    // When the request went out.
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptNumber)],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
