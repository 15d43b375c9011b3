import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Shared column helpers: every table gets a UUID id and timestamptz bookkeeping with the same SQL names.
export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An outbox row's retry state: how often it was tried, when it is next due (or leased until), the last failure. */
export const retryColumns = () => ({
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
  lastError: text('last_error'),
});
