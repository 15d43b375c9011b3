import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { Webhook } from 'svix';
import { getDatabase } from '@/db/client';
import { emails, inboundEvents, taskMessages } from '@/db/schema';
import { storeTestInboundEmail, type TestInboundEmail } from '@/lib/mail/test-inbound-emails';
import { THREAD_CLOSED_REPLY } from '@/lib/services/email-replies/refuse-closed-thread';
import { envForFile } from './env';

export const INBOUND_EMAIL_URL = 'http://localhost:3000/v1/webhooks/email/inbound';

/** A whsec_ secret of this test process (what RESEND_WEBHOOK_SECRET holds). */
export const resendWebhookSecret = `whsec_${randomBytes(24).toString('base64')}`;

/** Sets RESEND_WEBHOOK_SECRET for this test file; no RESEND_API_KEY, so bodies come from test mode's store. */
export function withResendWebhookSecret(): void {
  envForFile({ RESEND_WEBHOOK_SECRET: resendWebhookSecret, RESEND_API_KEY: undefined });
}

export type SvixSignOptions = { id?: string; at?: Date; secret?: string };

/** The Svix headers for `body`, signed with the `svix` library as Resend does. */
export function svixHeaders(
  body: string,
  { id = `msg_${randomUUID()}`, at = new Date(), secret = resendWebhookSecret }: SvixSignOptions = {},
) {
  return {
    'svix-id': id,
    'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
    'svix-signature': new Webhook(secret).sign(id, at, body),
  };
}

/** A signed POST of `body` (an object is sent as JSON) to the inbound email webhook. */
export function signedResendRequest(body: unknown, options: SvixSignOptions = {}): Request {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Request(INBOUND_EMAIL_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...svixHeaders(text, options) },
    body: text,
  });
}

/** A Resend `email.received` event (protocols §3.1): metadata only. */
export function emailReceivedEvent({
  emailId = randomUUID(),
  from,
  to,
  cc = [],
  subject = 'Re: your task',
  type = 'email.received',
}: {
  emailId?: string;
  from: string;
  to: string[];
  cc?: string[];
  subject?: string;
  type?: string;
}) {
  const now = new Date().toISOString();
  return {
    type,
    created_at: now,
    data: {
      email_id: emailId,
      created_at: now,
      from,
      to,
      cc,
      bcc: [],
      message_id: `<${randomUUID()}@mail.example.com>`,
      subject,
      attachments: [],
    },
  };
}

/** Stores an email in test mode's store and gives the `email.received` event announcing it. */
export async function receivedTestEmail(email: TestInboundEmail & { cc?: string[] }) {
  const { db } = await getDatabase();
  const { id } = await storeTestInboundEmail(db, email);
  return emailReceivedEvent({ emailId: id, from: email.from, to: email.to, cc: email.cc, subject: email.subject });
}

/** The messages of a task's thread, oldest first. */
export async function threadMessages(taskId: string) {
  const { db } = await getDatabase();
  const rows = await db.select().from(taskMessages).where(eq(taskMessages.taskId, taskId));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Which of these ids (svix-ids and email ids) were recorded as applied. */
export async function appliedIds(ids: string[]) {
  const { db } = await getDatabase();
  const rows = await db.select().from(inboundEvents).where(inArray(inboundEvents.eventId, ids));
  return rows.map((row) => `${row.provider}:${row.eventId}`).sort();
}

/** The thread-closed notices sent to `to`. */
export async function closedNoticesTo(to: string) {
  const { db } = await getDatabase();
  return db
    .select()
    .from(emails)
    .where(and(eq(emails.to, to), eq(emails.text, `${THREAD_CLOSED_REPLY}\n`)));
}
