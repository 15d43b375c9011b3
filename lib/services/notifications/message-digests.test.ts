import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { emails, messageDigests, notificationEmails, notifications, pushOutbox, pushSubscriptions } from '@/db/schema';
import { withEnv } from '@/test/env';
import { uniquePhone } from '@/test/intake';
import { markRead, posted, thread } from '@/test/messages';
import { setPreferences, textsTo, verifyPhone } from '@/test/notifications';
import { isMoneyMessage } from './message-delivery';
import { sendDueMessageDigests } from './send-due-message-digests';
import { sendDueNotificationEmails } from './send-due-notification-emails';

// Batched message notifications (docs/messaging.md "Message notifications"): a thread's messages become one email
// once its recipient has left it unread for NOTIFY_UNREAD_AFTER_SECONDS; the first message of a thread and one about
// money go at once; reading or answering the thread first sends nothing.

/** The emails queued about a task for a user: single messages' and digests'. */
async function queuedEmails(userId: string, taskId: string) {
  const { db } = await getDatabase();
  return db
    .select({ id: notificationEmails.id, title: notifications.title, summaryTitle: notificationEmails.summaryTitle })
    .from(notificationEmails)
    .innerJoin(notifications, eq(notifications.id, notificationEmails.notificationId))
    .where(and(eq(notifications.userId, userId), eq(notifications.taskId, taskId)));
}

async function digestOf(userId: string, taskId: string) {
  const { db } = await getDatabase();
  const [row] = await db
    .select()
    .from(messageDigests)
    .where(and(eq(messageDigests.userId, userId), eq(messageDigests.taskId, taskId)));
  return row;
}

/** The delay has passed for these recipients' digests. */
async function makeDue(userIds: string[]) {
  const { db } = await getDatabase();
  await db
    .update(messageDigests)
    .set({ dueAt: sql`now() - interval '1 second'` })
    .where(inArray(messageDigests.userId, userIds));
}

async function digests(userIds: string[]) {
  const database = await getDatabase();
  return sendDueMessageDigests(database, { userIds });
}

describe('batched message notifications', () => {
  it('ten messages after the first make one email after the delay, with each sender and time, and reply-by-email', async () => {
    const { parties, task } = await thread();
    await posted(parties.worker.token, task.id, 'On my way.'); // opens the thread: the operator is told at once
    expect(await queuedEmails(parties.operator.id, task.id)).toHaveLength(1);

    for (let n = 1; n <= 10; n += 1) await posted(parties.agent.token, task.id, `Note ${n} about the storefront`);
    expect(await queuedEmails(parties.worker.id, task.id)).toEqual([]);
    const digest = await digestOf(parties.worker.id, task.id);
    expect(digest).toBeDefined();
    expect((digest?.dueAt.getTime() ?? 0) - (digest?.firstUnreadAt.getTime() ?? 0)).toBe(120_000);

    // Not due yet: nothing.
    expect(await digests([parties.worker.id])).toEqual({ digests: 0, emails: 0, texts: 0 });
    await makeDue([parties.worker.id]);
    expect(await digests([parties.worker.id])).toEqual({ digests: 1, emails: 1, texts: 0 });
    expect(await digestOf(parties.worker.id, task.id)).toBeUndefined();
    expect(await digests([parties.worker.id])).toEqual({ digests: 0, emails: 0, texts: 0 });

    const [queued] = await queuedEmails(parties.worker.id, task.id);
    expect(queued?.summaryTitle).toBe(`10 new messages about “${task.title}”`);
    const { db } = await getDatabase();
    await sendDueNotificationEmails(db, { ids: [queued?.id ?? ''] });
    const [row] = await db
      .select()
      .from(notificationEmails)
      .where(eq(notificationEmails.id, queued?.id ?? ''));
    const [email] = await db
      .select()
      .from(emails)
      .where(eq(emails.id, row?.emailId ?? ''));
    expect(email?.subject).toBe(`10 new messages about “${task.title}”`);
    const lines = (email?.text ?? '').split('\n').filter((line) => line.includes('Note '));
    expect(lines).toHaveLength(10);
    expect(lines[0]).toMatch(/^Scout, [A-Z][a-z]{2} \d{1,2} \d{2}:\d{2} UTC: Note 1 about the storefront$/);
    expect(lines[9]).toMatch(/: Note 10 about the storefront$/);
    expect(email?.replyTo).toMatch(/^reply\+[a-z2-7]{32}@/);
    expect(email?.text).toContain(`/worker/tasks/${task.id}`);
  });

  it('reading the thread before the delay sends nothing; so does answering it', async () => {
    const { parties, task } = await thread();
    await posted(parties.worker.token, task.id, 'Hello');
    await posted(parties.agent.token, task.id, 'Two photos please');
    await posted(parties.agent.token, task.id, 'And one of the door');
    expect(await digestOf(parties.worker.id, task.id)).toBeDefined();
    expect((await markRead(parties.worker.token, task.id)).status).toBe(200);
    expect(await digestOf(parties.worker.id, task.id)).toBeUndefined();

    // The operator's digest of the worker's messages goes when the agent answers.
    await posted(parties.worker.token, task.id, 'Sure');
    expect(await digestOf(parties.operator.id, task.id)).toBeDefined();
    await posted(parties.agent.token, task.id, 'Thanks');
    expect(await digestOf(parties.operator.id, task.id)).toBeUndefined();

    await makeDue([parties.worker.id, parties.operator.id]);
    const sent = await digests([parties.worker.id, parties.operator.id]);
    expect(sent.emails).toBe(1); // the worker's, for 'Thanks' only
    const worker = await queuedEmails(parties.worker.id, task.id);
    expect(worker.map((email) => email.summaryTitle)).toEqual([`1 new message about “${task.title}”`]);
  });

  it('read part of the way: the digest names only what is still unread', async () => {
    const { parties, task } = await thread();
    await posted(parties.worker.token, task.id, 'Hello');
    const early = await posted(parties.agent.token, task.id, 'First ask');
    await posted(parties.agent.token, task.id, 'Second ask');
    await posted(parties.agent.token, task.id, 'Third ask');
    expect((await markRead(parties.worker.token, task.id, { messageId: early.id })).status).toBe(200);
    await makeDue([parties.worker.id]);
    expect((await digests([parties.worker.id])).emails).toBe(1);
    const [queued] = await queuedEmails(parties.worker.id, task.id);
    expect(queued?.summaryTitle).toBe(`2 new messages about “${task.title}”`);
  });

  it('a message about money, and the first of a thread, go at once', async () => {
    const { parties, task } = await thread();
    await posted(parties.agent.token, task.id, 'Hi, thanks for taking this');
    expect(await queuedEmails(parties.worker.id, task.id)).toHaveLength(1);
    await posted(parties.agent.token, task.id, 'Small detail');
    expect(await queuedEmails(parties.worker.id, task.id)).toHaveLength(1);
    await posted(parties.agent.token, task.id, 'I added a $5 tip for the parking');
    expect(await queuedEmails(parties.worker.id, task.id)).toHaveLength(2);
    expect(isMoneyMessage('The refund came through')).toBe(true);
    expect(isMoneyMessage('Paid 12 USD at the door')).toBe(true);
    expect(isMoneyMessage('Typing the report')).toBe(false);
  });

  it('a text batched the same way; "each" keeps one per message; MESSAGE_BATCHING=0 is the old way', async () => {
    const { parties, task } = await thread();
    const phone = uniquePhone();
    await verifyPhone(parties.worker.id, phone);
    await posted(parties.agent.token, task.id, 'Hello');
    expect(await textsTo(phone)).toHaveLength(1);
    await posted(parties.agent.token, task.id, 'Second');
    await posted(parties.agent.token, task.id, 'Third');
    expect(await textsTo(phone)).toHaveLength(1);
    await makeDue([parties.worker.id]);
    expect(await digests([parties.worker.id])).toEqual({ digests: 1, emails: 1, texts: 1 });
    expect((await textsTo(phone)).at(-1)?.body).toBe(
      `Legwork: 2 new messages about “${task.title}”. http://localhost:3000/worker/tasks/${task.id}`,
    );

    await setPreferences(parties.worker.id, { messageDelivery: { email: 'each' } });
    await posted(parties.agent.token, task.id, 'Fourth');
    expect(await queuedEmails(parties.worker.id, task.id)).toHaveLength(3);
    expect(await textsTo(phone)).toHaveLength(2); // the text still batched
    await withEnv({ MESSAGE_BATCHING: '0' }, async () => {
      await posted(parties.agent.token, task.id, 'Fifth');
    });
    expect(await textsTo(phone)).toHaveLength(3);
  });

  it('push goes at once for every message, tagged by thread so the device shows one notice', async () => {
    const { parties, task } = await thread();
    const { db } = await getDatabase();
    const [subscription] = await db
      .insert(pushSubscriptions)
      .values({ userId: parties.worker.id, endpoint: `https://push.example/${task.id}`, p256dh: 'k', auth: 'a' })
      .returning();
    await posted(parties.agent.token, task.id, 'Hello');
    await posted(parties.agent.token, task.id, 'Second');
    await posted(parties.agent.token, task.id, 'Third');
    const pushes = await db
      .select()
      .from(pushOutbox)
      .where(eq(pushOutbox.subscriptionId, subscription?.id ?? ''));
    expect(pushes.map((push) => [push.body, push.tag, push.url])).toEqual(
      ['Hello', 'Second', 'Third'].map((body) => [body, `message:${task.id}`, `/worker/tasks/${task.id}`]),
    );
    await setPreferences(parties.worker.id, { push: { message: false } });
    await posted(parties.agent.token, task.id, 'Fourth');
    expect(
      await db
        .select()
        .from(pushOutbox)
        .where(eq(pushOutbox.subscriptionId, subscription?.id ?? '')),
    ).toHaveLength(3);
  });
});
