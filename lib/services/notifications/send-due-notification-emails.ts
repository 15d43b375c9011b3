import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
// Notification emails retry on the same schedule as texts: 30 s doubling to an hour, 8 attempts.
import { OUTBOX_MAX_ATTEMPTS, outboxRetryDelaySeconds } from '@/db/outbox-retry';
import { notificationEmails } from '@/db/schema';
import { signUnsubscribeToken } from '@/lib/auth/unsubscribe-token';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { getMailer } from '@/lib/mail/get-mailer';
import type { Mailer } from '@/lib/mail/mailer';
import { type ClaimedNotificationEmail, claimDueNotificationEmails } from './claim-due-notification-emails';
import { issueReplyAddress } from './issue-reply-address';
import { type NotificationPreferences, notificationPreferencesOfMany, withDefaults } from './notification-preferences';
import { renderNotificationEmail } from './render-notification-email';

export type SendDueNotificationEmailsOptions = {
  mailer?: Mailer;
  batchSize?: number;
  /** Must outlast one send (the Resend adapter tries three times with a 10 s timeout). */
  leaseSeconds?: number;
  /** Tests share a database with other work. */
  ids?: string[];
  signal?: AbortSignal;
};

export type SendDueNotificationEmailsCounts = { sent: number; retrying: number; failed: number; skipped: number };

const DEFAULT_BATCH = 20;
const DEFAULT_LEASE_SECONDS = 120;
const MAX_ERROR_LENGTH = 500;

// Any number of instances may run it (claim-due-notification-emails.ts). The Mailer's idempotency key is the
// row's, so a send repeated after a lost answer reaches the provider once.
export async function sendDueNotificationEmails(
  db: Db,
  options: SendDueNotificationEmailsOptions = {},
): Promise<SendDueNotificationEmailsCounts> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const mailer = options.mailer ?? getMailer(db);
  const counts: SendDueNotificationEmailsCounts = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
  for (;;) {
    const claimed = await claimDueNotificationEmails(db, { limit: batchSize, leaseSeconds, ids: options.ids });
    const preferences = await notificationPreferencesOfMany(
      db,
      claimed.map((email) => email.notification.userId),
    );
    // One email that cannot be sent or recorded must not hold back the rest (a later round takes it again).
    await Promise.all(
      claimed.map((email) =>
        sendOne(db, mailer, email, preferences.get(email.notification.userId) ?? withDefaults())
          .then((result) => {
            if (result) counts[result] += 1;
          })
          .catch((error: unknown) =>
            logger.error('notification email could not be processed', { notificationEmailId: email.id, error }),
          ),
      ),
    );
    if (claimed.length < batchSize || options.signal?.aborted) return counts;
  }
}

async function sendOne(
  db: Db,
  mailer: Mailer,
  email: ClaimedNotificationEmail,
  preferences: NotificationPreferences,
): Promise<keyof SendDueNotificationEmailsCounts | null> {
  const { notification } = email;
  if (!email.to || !preferences.email[notification.kind]) {
    const reason = email.to ? 'unsubscribed' : 'no email address';
    return (await settle(db, email, { status: 'failed', lastError: reason })) ? 'skipped' : null;
  }
  // A charge email is about the operator's card, not the thread: a reply there would reach the worker's chat.
  const reply =
    notification.taskId && email.partyOfTask && notification.kind !== 'agent_charge'
      ? await issueReplyAddress(db, { userId: notification.userId, taskId: notification.taskId })
      : undefined;
  const message = renderNotificationEmail({
    // A message digest's summary stands in for the one message its notification is about.
    notification: {
      ...notification,
      title: email.summaryTitle ?? notification.title,
      body: email.summaryBody ?? notification.body,
    },
    to: email.to,
    siteUrl: env().SITE_URL,
    unsubscribeToken: signUnsubscribeToken({ userId: notification.userId, kind: notification.kind }),
    reply,
  });
  try {
    const sent = await mailer.send({ ...message, idempotencyKey: `notification-email:${email.id}` });
    const settled = await settle(db, email, { status: 'sent', emailId: sent.id, sentAt: sql`now()`, lastError: null });
    return settled ? 'sent' : null;
  } catch (error) {
    const attempts = email.attempts + 1;
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    const givenUp = attempts >= OUTBOX_MAX_ATTEMPTS;
    logger.warn('notification email attempt failed', {
      notificationEmailId: email.id,
      attempt: attempts,
      error: lastError,
    });
    const settled = await settle(
      db,
      email,
      givenUp
        ? { status: 'failed', attempts, lastError }
        : {
            attempts,
            lastError,
            nextAttemptAt: sql`now() + ${outboxRetryDelaySeconds(attempts)}::int * interval '1 second'`,
          },
    );
    if (!settled) return null;
    return givenUp ? 'failed' : 'retrying';
  }
}

// Only while the claim holds: if the lease ran out and another sender settled the row, this outcome is dropped.
async function settle(db: Db, email: ClaimedNotificationEmail, change: PgUpdateSetSource<typeof notificationEmails>) {
  const [row] = await db
    .update(notificationEmails)
    .set(change)
    .where(
      and(
        eq(notificationEmails.id, email.id),
        eq(notificationEmails.status, 'queued'),
        eq(notificationEmails.attempts, email.attempts),
      ),
    )
    .returning({ id: notificationEmails.id });
  return row !== undefined;
}
