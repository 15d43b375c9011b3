import { boolean, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { users } from './users';

export const apiKeyMode = pgEnum('api_key_mode', ['live', 'test']);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    // The principal the key authenticates as: an operator (human) or one of its agents.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // SHA-256 (hex) of the full key. Keys are 190+ bits of randomness, so a fast hash is enough.
    keyHash: text('key_hash').notNull(),
    keyPrefix: text('key_prefix').notNull(),
    keySuffix: text('key_suffix'),
    mode: apiKeyMode('mode').notNull().default('live'),
    scopes: text('scopes').array().notNull().default([]),
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(600),
    expiresAt: timestamptz('expires_at'),
    revokedAt: timestamptz('revoked_at'),
    // A cold-start agent's key waits parked (refused) until a human completes the claim page.
    parked: boolean('parked').notNull().default(false),
    // Set when the key rotated itself: it then works only until its grace period ends (`expiresAt`).
    replacedBy: uuid('replaced_by'),
    // Written in batches by the usage-log flusher, never per request.
    lastUsedAt: timestamptz('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('api_keys_key_hash_key').on(t.keyHash), index('api_keys_user_id_idx').on(t.userId)],
);

export type ApiKey = typeof apiKeys.$inferSelect;
