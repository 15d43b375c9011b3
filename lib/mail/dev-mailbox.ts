import { desc, eq, isNull, or } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { emails, pushOutbox, smsOutbox, users } from '@/db/schema';
import { env } from '@/lib/env';

/** /dev/mailbox exists outside production, and in a production build only with LEGWORK_DEV_MAILBOX=1 (e2e). */
export function isDevMailboxEnabled(): boolean {
  const { NODE_ENV, LEGWORK_DEV_MAILBOX } = env();
  return NODE_ENV !== 'production' || LEGWORK_DEV_MAILBOX;
}

/** Whether an email's Reply-To is a reply-by-email address, which the mailbox's Reply box can answer. */
export function isReplyAddress(replyTo: string | null): boolean {
  return replyTo?.toLowerCase().endsWith(`@${env().REPLY_DOMAIN.toLowerCase()}`) ?? false;
}

/** The newest outbox messages, newest first. */
export function listOutboxEmails(db: Executor, limit = 50) {
  return db
    .select({
      id: emails.id,
      to: emails.to,
      from: emails.from,
      subject: emails.subject,
      text: emails.text,
      replyTo: emails.replyTo,
      createdAt: emails.createdAt,
    })
    .from(emails)
    .where(eq(emails.provider, 'outbox'))
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(limit);
}

/**
 * The newest text messages no SMS provider took (the outbox messenger's, and queued or failed ones), newest
 * first, with their delivery status.
 */
export function listOutboxTexts(db: Executor, limit = 50) {
  return db
    .select({
      id: smsOutbox.id,
      to: smsOutbox.to,
      body: smsOutbox.body,
      status: smsOutbox.status,
      attempts: smsOutbox.attempts,
      lastError: smsOutbox.lastError,
      createdAt: smsOutbox.createdAt,
    })
    .from(smsOutbox)
    .where(or(isNull(smsOutbox.provider), eq(smsOutbox.provider, 'outbox')))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit);
}

/**
 * The newest pushes the push service did not take (the outbox sender's, and queued or failed ones), newest first,
 * with whom they were for and their status.
 */
export async function listOutboxPushes(db: Executor, limit = 50) {
  const rows = await db
    .select({
      id: pushOutbox.id,
      to: users.email,
      title: pushOutbox.title,
      body: pushOutbox.body,
      url: pushOutbox.url,
      tag: pushOutbox.tag,
      sentAt: pushOutbox.sentAt,
      failedAt: pushOutbox.failedAt,
      attempts: pushOutbox.attempts,
      lastError: pushOutbox.lastError,
      createdAt: pushOutbox.createdAt,
    })
    .from(pushOutbox)
    .innerJoin(users, eq(users.id, pushOutbox.userId))
    .where(or(isNull(pushOutbox.provider), eq(pushOutbox.provider, 'outbox')))
    .orderBy(desc(pushOutbox.createdAt), desc(pushOutbox.id))
    .limit(limit);
  return rows.map(({ sentAt, failedAt, ...row }) => ({
    ...row,
    status: sentAt ? ('sent' as const) : failedAt ? ('failed' as const) : ('queued' as const),
  }));
}

export type LinkedText = { text: string; href?: string };

/**
 * Splits a plain-text body into text and http(s) links, so the mailbox can make the links in a message
 * clickable (a sign-in or claim link) without rendering any of its content as HTML.
 */
export function splitLinks(body: string): LinkedText[] {
  const parts: LinkedText[] = [];
  let last = 0;
  for (const match of body.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    // A sentence's closing punctuation is not part of the link.
    const href = match[0].replace(/[.,;:!?)\]]+$/, '');
    if (match.index > last) parts.push({ text: body.slice(last, match.index) });
    parts.push({ text: href, href });
    last = match.index + href.length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}
