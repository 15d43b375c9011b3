import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, inet, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';

export const userType = pgEnum('user_type', ['human', 'agent']);

export const users = pgTable(
  'users',
  {
    id: id(),
    // Stored lower-cased; agents have no email.
    email: text('email'),
    // Null until the human sets one (accounts created on the claim page start without a password).
    passwordHash: text('password_hash'),
    // When the human proved they own `email` (a verification or password-reset link); null = unverified.
    emailVerifiedAt: timestamptz('email_verified_at'),
    name: text('name'),
    // E.164. Verified (phoneVerifiedAt) by a code texted to it, or by a claim link texted to it (intake).
    phone: text('phone'),
    phoneVerifiedAt: timestamptz('phone_verified_at'),
    type: userType('type').notNull().default('human'),
    // For agents: the operator (a human user) that owns them.
    ownerId: uuid('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    // For agents: the most its operator's card may be charged in total for its tasks; null = no cap.
    spendingLimitCents: integer('spending_limit_cents'),
    // For agents: deleted by the operator (keys revoked, history kept for the ledger).
    deletedAt: timestamptz('deleted_at'),
    // For operators: the highest rateLimitPerMinute their keys (and their agents' keys) may have, raised by an
    // admin; null = KEY_RATE_LIMIT_CEILING (6,000 by default).
    keyRateLimitCeiling: integer('key_rate_limit_ceiling'),
    // Set by an admin (POST /v1/admin/users/{id}/suspend): the user's sessions and keys, and its agents' keys,
    // stop authenticating until unsuspended.
    suspendedAt: timestamptz('suspended_at'),
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_owner_id_idx').on(t.ownerId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the bearer token; the token itself is only ever in the client's hands.
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId).where(sql`${t.revokedAt} is null`),
  ],
);

// Single-use links sent by email: verify the address (24 h) or reset the password (1 h). Only the SHA-256 of
// the token is stored; `email` is the address the link was sent to, so a link never verifies another address.
export const emailTokenPurpose = pgEnum('email_token_purpose', ['verify_email', 'reset_password']);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash),
    index('email_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

export type User = typeof users.$inferSelect;
export type EmailToken = typeof emailTokens.$inferSelect;
export type Session = typeof sessions.$inferSelect;
