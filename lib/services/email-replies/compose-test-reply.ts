import { and, eq, like } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { emails } from '@/db/schema';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';
import { storeTestInboundEmail } from '@/lib/mail/test-inbound-emails';

export type ComposeTestReplyOptions = { emailId: string; body: string };

/**
 * The /dev/mailbox Reply box's answer to one outbox email, as a mail client would send it: from the email's
 * recipient to its Reply-To, answering its Message-ID, with the original quoted under "On … wrote:". The email
 * goes into test mode's store and the result is the signed-to-be `email.received` event (JSON) that announces
 * it, exactly what Resend would deliver.
 */
export async function composeTestReply(db: Executor, { emailId, body }: ComposeTestReplyOptions): Promise<string> {
  const [original] = await db
    .select()
    .from(emails)
    .where(and(eq(emails.id, emailId), eq(emails.provider, 'outbox'), like(emails.replyTo, `%@${env().REPLY_DOMAIN}`)));
  if (!original?.replyTo) {
    throw new ApiError('NOT_FOUND', { hint: 'Answer an email of the mailbox that has a reply address.' });
  }
  const messageId = original.headers?.['Message-ID'];
  const sentAt = original.createdAt.toUTCString();
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
