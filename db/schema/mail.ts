import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

// Every email we send, whichever adapter sent it. With no mail provider configured this table is the
// outbox itself, shown at /dev/mailbox outside production. Test mode's received emails (reply-by-email from the
// mailbox's Reply box) are rows too, with provider `inbound-test` (lib/mail/test-inbound-emails.ts).
export const emails = pgTable(
  'emails',
  {
    id: id(),
    provider: text('provider').notNull(),
    providerId: text('provider_id'),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    replyTo: text('reply_to'),
    // Extra headers sent with it (List-Unsubscribe, Message-ID, References).
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [index('emails_to_created_idx').on(t.to, t.createdAt)],
);

export type Email = typeof emails.$inferSelect;
