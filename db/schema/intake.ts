import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { tasks } from './tasks';
import { users } from './users';

// The SMS concierge (DESIGN §5 "Intake"): a person texts the service's number, staff answer by SMS and turn the
// conversation into a task whose claim link is texted back. One open conversation per phone number (E.164).
export const intakeStatus = pgEnum('intake_status', ['open', 'converted', 'closed']);

export const intakeConversations = pgTable(
  'intake_conversations',
  {
    id: id(),
    phone: text('phone').notNull(),
    status: intakeStatus('status').notNull().default('open'),
    // The draft task the conversation became (convert), then posted once the person claims it.
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    messageCount: integer('message_count').notNull().default(0),
    // Inbound messages staff have not opened yet (reset by GET /v1/intake/{id}).
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageAt: timestamptz('last_message_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('intake_conversations_open_phone_key').on(t.phone).where(sql`${t.status} = 'open'`),
    index('intake_conversations_last_message_idx').on(t.lastMessageAt, t.id),
  ],
);

export const smsDirection = pgEnum('sms_direction', ['inbound', 'outbound']);
// Outbound only: queued in sms_outbox, handed to the provider (sent), or given up after the retries (failed).
export const smsDeliveryStatus = pgEnum('sms_delivery_status', ['queued', 'sent', 'failed']);

export const intakeMessages = pgTable(
  'intake_messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => intakeConversations.id, { onDelete: 'cascade' }),
    direction: smsDirection('direction').notNull(),
    body: text('body').notNull(),
    // Outbound: the staff member who wrote it (null for automatic texts: keyword answers, the claim link).
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    // Outbound: its row in sms_outbox and delivery status; null for inbound messages.
    outboxId: uuid('outbox_id'),
    status: smsDeliveryStatus('status'),
    // Inbound: the provider's message id.
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
  },
  (t) => [index('intake_messages_conversation_created_idx').on(t.conversationId, t.createdAt)],
);

// Every text message we send, whichever adapter sends it: the retry queue (a provider outage loses nothing) and,
// with no SMS provider configured, the outbox shown at /dev/mailbox.
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    // 'telnyx' or 'outbox' once sent; null while queued.
    provider: text('provider'),
    providerId: text('provider_id'),
    status: smsDeliveryStatus('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    // The STOP confirmation is the one text an opted-out number receives.
    ignoresOptOut: boolean('ignores_opt_out').notNull().default(false),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('sms_outbox_created_idx').on(t.createdAt),
  ],
);

// Numbers that texted STOP (or UNSUBSCRIBE): never texted again until they text START.
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  optedOutAt: timestamptz('opted_out_at').notNull().defaultNow(),
});

// Inbound provider events applied once, keyed on the provider's event id (Telnyx `data.id`; Resend `svix-id` as
// provider `resend` and the received email's id as `resend-email`).
export const inboundEvents = pgTable(
  'inbound_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export type IntakeConversation = typeof intakeConversations.$inferSelect;
export type IntakeMessage = typeof intakeMessages.$inferSelect;
export type SmsOutboxRow = typeof smsOutbox.$inferSelect;
