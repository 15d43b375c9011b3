import type { Executor } from '@/db/client';
import { emails } from '@/db/schema';
import type { Mailer } from './mailer';

/**
 * The built-in mailer when no provider is configured: nothing leaves the machine, the message is a row in
 * `emails` with provider `outbox`, readable at /dev/mailbox. Inside a transaction the row commits with it.
 */
export function createOutboxMailer(db: Executor, from: string): Mailer {
  return {
    name: 'outbox',
    async send({ to, subject, text, html, replyTo, headers }) {
      const [row] = await db
        .insert(emails)
        .values({ provider: 'outbox', to, from, subject, text, html: html ?? null, replyTo, headers })
        .returning({ id: emails.id });
      if (!row) throw new Error('the outbox insert returned no row');
      return { id: row.id };
    },
  };
}
