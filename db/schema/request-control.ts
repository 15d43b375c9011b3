import { bigint, index, inet, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';

// Fixed-window counters shared by every instance. The table is made UNLOGGED by a hand-written
// migration: counters are cheap to lose in a crash and must not cost a WAL flush per request.
export const rateLimitCounters = pgTable('rate_limit_counters', {
  bucket: text('bucket').primaryKey(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  count: integer('count').notNull(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    // principal + method + route + Idempotency-Key, hashed to a fixed width.
    scope: text('scope').primaryKey(),
    requestHash: text('request_hash').notNull(),
    responseStatus: smallint('response_status'),
    responseBody: text('response_body'),
    // While the first request runs, retries get 409; a crashed holder is taken over after this time.
    lockedUntil: timestamptz('locked_until'),
    createdAt: createdAt(),
  },
  (t) => [index('idempotency_keys_created_at_idx').on(t.createdAt)],
);

export const apiRequestLog = pgTable(
  'api_request_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    apiKeyId: uuid('api_key_id').notNull(),
    userId: uuid('user_id').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: smallint('status').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    ip: inet('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('api_request_log_key_created_idx').on(t.apiKeyId, t.createdAt),
    index('api_request_log_user_created_idx').on(t.userId, t.createdAt),
    // For the 30-day retention sweep (`created_at < now() - 30 days`): the log is appended in time order, so a
    // BRIN index (a few pages for 10M rows, next to nothing per insert) skips the young part of the table.
    index('api_request_log_created_brin_idx').using('brin', t.createdAt),
  ],
);
