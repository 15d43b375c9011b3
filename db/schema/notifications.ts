import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { tasks } from './tasks';
import { users } from './users';

// Notifications (DESIGN §5 "Notifications and reply-by-email"): what a person hears about, in the app, by email
// and by SMS, after their preferences.
export const notificationKind = pgEnum('notification_kind', [
  'task_accepted',
  'message',
  'task_submitted',
  'revision_requested',
  'task_completed',
  'task_cancelled',
  'task_expired',
  'dispute_opened',
  'dispute_resolved',
  'payout_sent',
  'new_task_nearby',
  'agent_charge',
  'task_series_paused',
  'task_offer',
  'tip_received',
]);
export type NotificationKind = (typeof notificationKind.enumValues)[number];
export const NOTIFICATION_KINDS = notificationKind.enumValues;

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKind('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    // The page it is about, as a path (`/worker/tasks/<id>`): the link in the app, the email and the text.
    link: text('link'),
    // What caused it (an event id, say): the same cause notifies a person once, however often it is retried.
    dedupeKey: text('dedupe_key').notNull(),
    readAt: timestamptz('read_at'),
    // Set when what it asked for was done or can no longer be done (the proof reviewed, the task taken), in the
    // transition that did it (resolve-task-notifications.ts); a done one counts as read.
    doneAt: timestamptz('done_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_user_dedupe_key').on(t.userId, t.dedupeKey),
    index('notifications_task_open_idx').on(t.taskId).where(sql`${t.doneAt} is null`),
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

// A person's switches per channel and kind; a missing row, or a missing kind, means the defaults
// (lib/services/notifications/notification-preferences.ts).
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: jsonb('email').$type<Partial<Record<NotificationKind, boolean>>>().notNull().default({}),
  sms: jsonb('sms').$type<Partial<Record<NotificationKind, boolean>>>().notNull().default({}),
  push: jsonb('push').$type<Partial<Record<NotificationKind, boolean>>>().notNull().default({}),
  // `agent_charge` emails as one digest a day (lib/services/notifications/send-agent-charge-digests.ts) instead of
  // one per charge.
  agentChargeDigest: boolean('agent_charge_digest').notNull().default(false),
  // How messages reach each channel when it is on for them: `each` at once, `batched` (the default) as one summary
  // of the unread thread (docs/messaging.md "Message notifications").
  messageDelivery: jsonb('message_delivery')
    .$type<Partial<Record<'email' | 'sms', 'each' | 'batched'>>>()
    .notNull()
    .default({}),
  updatedAt: updatedAt(),
});

export const notificationEmailStatus = pgEnum('notification_email_status', ['queued', 'sent', 'failed']);

// The notification emails to send: written with the notification, sent by the background job with retries
// (never inline with the request that caused them).
export const notificationEmails = pgTable(
  'notification_emails',
  {
    id: id(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    status: notificationEmailStatus('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    // A message digest's own subject and text (send-due-message-digests.ts), in place of its notification's: it
    // summarises the thread's unread messages and hangs off the newest one's notification.
    summaryTitle: text('summary_title'),
    summaryBody: text('summary_body'),
    // The `emails` row once sent.
    emailId: uuid('email_id'),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_emails_notification_key').on(t.notificationId).where(sql`${t.summaryTitle} is null`),
    index('notification_emails_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
  ],
);

// Reply-by-email: each email about a thread carries `Reply-To: reply+<token>@<REPLY_DOMAIN>`, the token naming
// who may answer and where. Only its SHA-256 is stored.
export const replyTokens = pgTable(
  'reply_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reply_tokens_token_hash_key').on(t.tokenHash)],
);

// A phone number waiting for its 6-digit code (PATCH /v1/users/me {phone}); one pending number per user.
export const phoneVerifications = pgTable('phone_verifications', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamptz('expires_at').notNull(),
  createdAt: createdAt(),
});

export type Notification = typeof notifications.$inferSelect;

// "New task near you": a task just posted whose nearby workers have not been told yet. Written in the posting
// transaction (one insert, so posting stays fast); the fan-out job (lib/services/notifications/
// notify-nearby-workers.ts) claims each row with FOR UPDATE SKIP LOCKED, notifies, and deletes it in one transaction.
export const nearbyFanouts = pgTable('nearby_fanouts', {
  taskId: uuid('task_id')
    .primaryKey()
    .references(() => tasks.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

// A notification whose email waits for its person's daily digest (an agent's card charge, for an operator who chose
// the digest): written with the notification; the digest job (send-agent-charge-digests.ts) claims a person's rows
// of a finished UTC day with FOR UPDATE SKIP LOCKED, queues one digest email and deletes them in one transaction.
export const notificationDigestItems = pgTable(
  'notification_digest_items',
  {
    notificationId: uuid('notification_id')
      .primaryKey()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('notification_digest_items_created_idx').on(t.createdAt)],
);
