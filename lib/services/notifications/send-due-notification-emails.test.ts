import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { emails, notificationEmails } from '@/db/schema';
import { readUnsubscribeToken } from '@/lib/auth/unsubscribe-token';
import type { Mailer, MailMessage } from '@/lib/mail/mailer';
import { posted, threadParties } from '@/test/messages';
import { notificationsOf, setPreferences } from '@/test/notifications';
import { signUpViaApi } from '@/test/sessions';
import { taskBetween } from '@/test/tasks';
import { notify } from './notify';
import { sendDueNotificationEmails } from './send-due-notification-emails';

// The notification-email job: each queued row becomes one email (text and HTML, unsubscribe headers and link,
// Reply-To for a thread), through the outbox mailer here; a failing mailer is retried with backoff, then given up.

async function emailRowOf(notificationId: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(notificationEmails).where(eq(notificationEmails.notificationId, notificationId));
  if (!row) throw new Error('no notification email queued');
  return row;
}

async function sentEmail(emailId: string | null) {
  const { db } = await getDatabase();
  const [row] = await db
    .select()
    .from(emails)
    .where(eq(emails.id, emailId ?? randomUUID()));
  return row;
}

async function plainNotification(userId: string, title = 'Payout on its way') {
  const { db } = await getDatabase();
  const row = await db.transaction((tx) =>
    notify(tx, { userId, kind: 'payout_sent', title, body: 'Body', link: '/worker', dedupeKey: randomUUID() }),
  );
  if (!row) throw new Error('not notified');
  return emailRowOf(row.id);
}

/** A mailer whose every send fails, recording what it was asked to send. */
function failingMailer() {
  const asked: MailMessage[] = [];
  const mailer: Mailer = {
    name: 'outbox',
    async send(message) {
      asked.push(message);
      throw new Error('provider unavailable');
    },
  };
  return { mailer, asked };
}

async function makeDue(id: string, attempts?: number) {
  const { db } = await getDatabase();
  await db
    .update(notificationEmails)
    .set({ nextAttemptAt: sql`now()`, ...(attempts === undefined ? {} : { attempts }) })
    .where(eq(notificationEmails.id, id));
}

const secondsUntil = (date: Date) => Math.round((date.getTime() - Date.now()) / 1000);

describe('sendDueNotificationEmails', () => {
  it('a thread message: text and HTML parts, escaped, with unsubscribe headers, Reply-To and Message-ID', async () => {
    const parties = await threadParties();
    const task = await taskBetween(parties, 'accepted', { title: 'Fix <b>the</b> "sign" & door' });
    await posted(parties.worker.token, task.id, 'I am <here> & ready');
    const [notification] = await notificationsOf(parties.operator.id);
    if (!notification) throw new Error('operator not notified');
    const queued = await emailRowOf(notification.id);

    const { db } = await getDatabase();
    expect(await sendDueNotificationEmails(db, { ids: [queued.id] })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
      skipped: 0,
    });
    const row = await emailRowOf(notification.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 0, emailId: expect.any(String), sentAt: expect.any(Date) });
    const email = await sentEmail(row.emailId);
    expect(email).toMatchObject({ provider: 'outbox', subject: notification.title });
    expect(notification.title).toMatch(/wrote about “Fix <b>the<\/b> "sign" & door”$/);

    const replyTo = email?.replyTo ?? '';
    expect(replyTo).toMatch(/^reply\+[a-z2-7]{32}@reply\.legwork\.local$/);
    const token = replyTo.slice('reply+'.length, replyTo.indexOf('@'));
    const headers = email?.headers ?? {};
    expect(headers['Message-ID']).toBe(`<reply-${token}@reply.legwork.local>`);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = headers['List-Unsubscribe']?.match(
      /^<(http:\/\/localhost:3000\/v1\/notifications\/unsubscribe\?token=(.+))>$/,
    );
    expect(oneClick).not.toBeNull();
    const unsubscribeToken = decodeURIComponent(oneClick?.[2] ?? '');
    expect(readUnsubscribeToken(unsubscribeToken)).toEqual({ userId: parties.operator.id, kind: 'message' });

    const page = `http://localhost:3000/dashboard/tasks/${task.id}`;
    const stop = `Stop emails about new messages: http://localhost:3000/unsubscribe?token=${oneClick?.[2]}`;
    expect(email?.text).toBe(
      [
        notification.title,
        '',
        'I am <here> & ready',
        '',
        `Open it: ${page}`,
        '',
        'Reply to this email to answer in the thread.',
        '',
        '--',
        stop,
        '',
      ].join('\n'),
    );
    const html = email?.html ?? '';
    expect(html).toContain('wrote about “Fix &lt;b&gt;the&lt;/b&gt; &quot;sign&quot; &amp; door”');
    expect(html).toContain('I am &lt;here&gt; &amp; ready');
    expect(html).not.toContain('<b>the</b>');
    expect(html).toContain(`href="${page}"`);
    expect(html).toContain('Reply to this email to answer in the thread.');
    expect(html).toContain(`<a href="http://localhost:3000/unsubscribe?token=${oneClick?.[2]}"`);
    expect(html).toContain('Stop emails about new messages</a>');

    // Sent rows are not sent again.
    expect((await sendDueNotificationEmails(db, { ids: [queued.id] })).sent).toBe(0);
  });

  it('a notification with no task: no Reply-To, no Message-ID, no reply line', async () => {
    const person = await signUpViaApi('payee');
    const queued = await plainNotification(person.userId);
    const { db } = await getDatabase();
    await sendDueNotificationEmails(db, { ids: [queued.id] });
    const email = await sentEmail((await emailRowOf(queued.notificationId)).emailId);
    expect(email).toMatchObject({ to: person.email, subject: 'Payout on its way', replyTo: null });
    expect(email?.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(/^<http:\/\/localhost:3000\/v1\/notifications\/unsubscribe\?token=/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(email?.text).not.toContain('Reply to this email');
  });

  it('a failing mailer: retried after 30 s, then 60 s, with its idempotency key; failed after the eighth attempt', async () => {
    const person = await signUpViaApi('payee');
    const queued = await plainNotification(person.userId);
    const { db } = await getDatabase();
    const { mailer, asked } = failingMailer();

    expect(await sendDueNotificationEmails(db, { mailer, ids: [queued.id] })).toMatchObject({ retrying: 1 });
    let row = await emailRowOf(queued.notificationId);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'provider unavailable', emailId: null });
    expect(secondsUntil(row.nextAttemptAt)).toBeGreaterThanOrEqual(28);
    expect(secondsUntil(row.nextAttemptAt)).toBeLessThanOrEqual(31);
    // Not due yet: nothing is tried.
    expect(await sendDueNotificationEmails(db, { mailer, ids: [queued.id] })).toMatchObject({ retrying: 0 });

    await makeDue(queued.id);
    await sendDueNotificationEmails(db, { mailer, ids: [queued.id] });
    row = await emailRowOf(queued.notificationId);
    expect(row.attempts).toBe(2);
    expect(secondsUntil(row.nextAttemptAt)).toBeGreaterThanOrEqual(58);
    expect(secondsUntil(row.nextAttemptAt)).toBeLessThanOrEqual(61);
    expect(asked.map((message) => message.idempotencyKey)).toEqual([
      `notification-email:${queued.id}`,
      `notification-email:${queued.id}`,
    ]);

    await makeDue(queued.id, 7);
    expect(await sendDueNotificationEmails(db, { mailer, ids: [queued.id] })).toMatchObject({ failed: 1 });
    expect(await emailRowOf(queued.notificationId)).toMatchObject({ status: 'failed', attempts: 8 });
  });

  it('switched off after it was queued: skipped, nothing sent', async () => {
    const person = await signUpViaApi('payee');
    const queued = await plainNotification(person.userId);
    await setPreferences(person.userId, { email: { payout_sent: false } });
    const { db } = await getDatabase();
    expect(await sendDueNotificationEmails(db, { ids: [queued.id] })).toMatchObject({ skipped: 1, sent: 0 });
    expect(await emailRowOf(queued.notificationId)).toMatchObject({
      status: 'failed',
      lastError: 'unsubscribed',
      emailId: null,
    });
  });
});
