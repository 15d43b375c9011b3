import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { emails } from '@/db/schema';
import { lowerCaseHeaders, type ReceivedEmailSource } from './received-email';

/**
 * Test mode's store of received emails: rows of `emails` with this provider, written by the /dev/mailbox Reply
 * box; the `email.received` payload's `email_id` is the row id. The mailbox lists only `outbox` rows, so these
 * never show there as sent mail.
 */
export const TEST_INBOUND_PROVIDER = 'inbound-test';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TestInboundEmail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string | null;
  headers?: Record<string, string>;
};

/** Stores a received email in test mode; its id is the `email_id` of the webhook that announces it. */
export async function storeTestInboundEmail(db: Executor, email: TestInboundEmail): Promise<{ id: string }> {
  const [row] = await db
    .insert(emails)
    .values({
      provider: TEST_INBOUND_PROVIDER,
      from: email.from,
      to: email.to.join(', '),
      subject: email.subject,
      text: email.text,
      html: email.html ?? null,
      headers: email.headers ?? {},
    })
    .returning({ id: emails.id });
  if (!row) throw new Error('the test inbound email insert returned no row');
  return row;
}

/** Reads received emails from that store (an id that is not one of its rows is "no such email"). */
export function createTestModeReceiving(db: Executor): ReceivedEmailSource {
  return {
    name: 'test-mode',
    async fetch(emailId) {
      if (!UUID.test(emailId)) return null;
      const [row] = await db
        .select()
        .from(emails)
        .where(and(eq(emails.id, emailId), eq(emails.provider, TEST_INBOUND_PROVIDER)));
      if (!row) return null;
      return {
        from: row.from,
        to: row.to.split(',').map((address) => address.trim()),
        cc: [],
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: lowerCaseHeaders(row.headers),
      };
    },
  };
}
