import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, retryColumns, timestamptz } from './columns';
import { users } from './users';

// Web push (docs/messaging.md, "Push"): the browsers a person allowed to notify them, as their PushSubscription.
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The push service's URL for this browser; unique, since one browser profile is one subscription.
    endpoint: text('endpoint').notNull(),
    // The browser's ECDH P-256 public key and auth secret (base64url), which encrypt each payload (RFC 8291).
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    // The browser's `expirationTime`, when it gave one: no push is queued for it afterwards.
    expiresAt: timestamptz('expires_at'),
    lastSuccessAt: timestamptz('last_success_at'),
    // Pushes the service refused in a row (reset by a success); a 404 or 410 deletes the subscription instead.
    failureCount: integer('failure_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId, t.createdAt),
  ],
);

// The pushes to send: written in the transaction that notifies (one row per subscription), sent after the commit by
// the push job (lib/services/messaging/push/send-due-pushes.ts). Plain columns with defaults, so a SQL CTE can
// insert rows too: `insert into push_outbox (user_id, subscription_id, title, body, url, tag) select …`.
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A dead subscription takes its unsent pushes with it.
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    // The page to open on a click, as a path on this site (`/worker/tasks/<id>`), like notifications.link.
    url: text('url').notNull().default('/'),
    // Replaces an earlier notification with the same tag on the device (and is the push service's Topic).
    tag: text('tag').notNull(),
    // 'webpush' or 'outbox' once sent (the outbox's are shown at /dev/mailbox); null while queued.
    provider: text('provider'),
    sentAt: timestamptz('sent_at'),
    // Given up: the push service refused it for good (a 4xx other than 404/410/429), or after the last attempt.
    failedAt: timestamptz('failed_at'),
    ...retryColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index('push_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('push_outbox_created_idx').on(t.createdAt),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
