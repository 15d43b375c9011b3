import { and, eq, like } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { emails } from '@/db/schema';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';
import { formatZonedDateTime } from '@/lib/format/date-time';
import { storeTestInboundEmail } from '@/lib/mail/test-inbound-emails';

export type ComposeTestReplyOptions = { emailId: string; body: string };

// Exactly what Resend would deliver for a mail client's reply to an outbox email (/dev/mailbox).
export async function composeTestReply(db: Executor, { emailId, body }: ComposeTestReplyOptions): Promise<string> {
  const [original] = await db
    .select()
    .from(emails)
    .where(and(eq(emails.id, emailId), eq(emails.provider, 'outbox'), like(emails.replyTo, `%@${env().REPLY_DOMAIN}`)));
  if (!original?.replyTo) {
    throw new ApiError('NOT_FOUND', { hint: 'Answer an email of the mailbox that has a reply address.' });
  }
  const messageId = original.headers?.['Message-ID'];
  const sentAt = formatZonedDateTime(original.createdAt);
  const quoted = original.text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const subject = `Re: ${original.subject}`;
  const stored = await storeTestInboundEmail(db, {
    from: original.to,
    to: [original.replyTo],
    subject,
    text: `${body}\n\nOn ${sentAt}, ${original.from} wrote:\n${quoted}\n`,
    headers: messageId ? { 'In-Reply-To': messageId, References: messageId } : {},
  });
  const now = new Date().toISOString();
  return JSON.stringify({
    type: 'email.received',
    created_at: now,
    data: {
      email_id: stored.id,
      created_at: now,
      from: original.to,
      to: [original.replyTo],
      cc: [],
      bcc: [],
      message_id: `<${stored.id}@mailbox.legwork.local>`,
      subject,
      attachments: [],
    },
  });
}
