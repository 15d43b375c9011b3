import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as createTask } from '@/app/v1/tasks/route';
import { getDatabase } from '@/db/client';
import { emails, notificationDigestItems, notificationEmails, notifications, users } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import { env } from '@/lib/env';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { chargeForTask } from '@/lib/services/money/charge-for-task';
import { envForFile } from '@/test/env';
import { insertApiKey, insertUser } from '@/test/factories';
import { call } from '@/test/http';
import { emailRowsFor, notificationsOf } from '@/test/notifications';
import { addCard, chargeRows, ledgerBalance, paymentsSetup, withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { countTasksOf, taskBody } from '@/test/tasks';
import { notificationPreferencesOf } from './notification-preferences';
import { sendAgentChargeDigests } from './send-agent-charge-digests';
import { sendDueNotificationEmails } from './send-due-notification-emails';
import { updateNotificationPreferences } from './update-notification-preferences';

// Every card charge an agent makes on its operator's card tells the operator: one notification and one email per
// charge (written with the charge's ledger entry, sent after the commit by the notification-email job), or, when
// the operator chose it, one digest email a day listing them (the digest job).
withoutStripe();
envForFile({ RESEND_API_KEY: undefined });

/** An operator (session, card `card`) and their agent "Scout" (test key). */
async function operatorWithAgent(card = '4242 4242 4242 4242') {
  const { db } = await getDatabase();
  const operator = await signUpViaApi('operator');
  await addCard({ id: operator.userId, email: null }, card);
  const agent = await insertUser(db, { type: 'agent', ownerId: operator.userId, email: null, name: 'Scout' });
  const { key } = await insertApiKey(db, { userId: agent.id, mode: 'test', scopes: [...SCOPES] });
  return { operator: { id: operator.userId, token: operator.token }, agent: { id: agent.id, token: key } };
}

const create = (token: string, title: string) => call(createTask, '/v1/tasks', { token, body: taskBody({ title }) });

const chargeNotices = async (userId: string) =>
  (await notificationsOf(userId)).filter((notification) => notification.kind === 'agent_charge');

async function digestItemsOf(userId: string) {
  const { db } = await getDatabase();
  return db.select().from(notificationDigestItems).where(eq(notificationDigestItems.userId, userId));
}

async function sendEmails(notificationIds: string[]) {
  const rows = await emailRowsFor(notificationIds);
  await sendDueNotificationEmails((await getDatabase()).db, { ids: rows.map((row) => row.id) });
  const { db } = await getDatabase();
  const sent = await db
    .select({ emailId: notificationEmails.emailId })
    .from(notificationEmails)
    .where(inArray(notificationEmails.notificationId, notificationIds));
  const ids = sent.flatMap((row) => (row.emailId ? [row.emailId] : []));
  return ids.length === 0 ? [] : db.select().from(emails).where(inArray(emails.id, ids));
}

describe('an agent’s card charge emails its operator', () => {
  it('one notification and one queued email per charge: task, amount, agent, a link to pause it', async () => {
    const { operator, agent } = await operatorWithAgent();

    const res = await create(agent.token, 'Photograph the bakery front');

    expect(res.status, res.text).toBe(201);
    const taskId = res.json.data.id;
    const [charge] = await chargeRows(taskId);
    expect(charge).toMatchObject({ userId: operator.id, amountCents: 2_300, status: 'succeeded' });
    const notices = await chargeNotices(operator.id);
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    const pauseUrl = `${env().SITE_URL}/dashboard/agents/${agent.id}#pause`;
    expect(notice).toMatchObject({
      title: 'Scout charged $23.00 to your card',
      taskId,
      link: `/dashboard/tasks/${taskId}`,
      dedupeKey: `agent_charge:${charge?.id}`,
    });
    expect(notice?.body).toContain('Task: “Photograph the bakery front”');
    expect(notice?.body).toContain('Amount: $23.00 (test mode: no real money moved)');
    expect(notice?.body).toContain('Agent: Scout');
    expect(notice?.body).toContain(pauseUrl);
    expect(await emailRowsFor([notice?.id ?? ''])).toEqual([expect.objectContaining({ status: 'queued' })]);

    const [mail] = await sendEmails([notice?.id ?? '']);
    const { db } = await getDatabase();
    const [person] = await db.select({ email: users.email }).from(users).where(eq(users.id, operator.id));
    expect(mail).toMatchObject({ to: person?.email, subject: 'Scout charged $23.00 to your card' });
    expect(mail?.text).toContain('Photograph the bakery front');
    expect(mail?.text).toContain(pauseUrl);
    expect(mail?.text).toContain(`${env().SITE_URL}/dashboard/tasks/${taskId}`);
    // About money, not the thread: a reply would land in the task's chat with the worker.
    expect(mail?.replyTo).toBeNull();
    expect(mail?.text).not.toContain('Reply to this email');
  });

  it('a charge retried after it succeeded notifies once', async () => {
    const { operator, agent } = await operatorWithAgent();
    const res = await create(agent.token, 'Count the bikes outside');
    expect(res.status, res.text).toBe(201);
    const { db, processor } = await paymentsSetup();

    const again = await chargeForTask(db, processor, {
      taskId: res.json.data.id,
      payerId: operator.id,
      amountCents: 2_300,
      description: 'Task: Count the bikes outside',
      byAgent: { agentId: agent.id, taskTitle: 'Count the bikes outside' },
    });

    expect(again.status).toBe('succeeded');
    const notices = await chargeNotices(operator.id);
    expect(notices).toHaveLength(1);
    expect(await emailRowsFor(notices.map((notice) => notice.id))).toHaveLength(1);
  });

  it('a declined charge: 402, no task, no money moved, no notification and no email', async () => {
    const { operator, agent } = await operatorWithAgent('4000 0000 0000 9995');

    const res = await create(agent.token, 'Check the parking meter');

    expect(res.status, res.text).toBe(402);
    expect(res.json.error.code).toBe('PAYMENT_FAILED');
    expect(await countTasksOf(agent.id)).toBe(0);
    expect(await ledgerBalance(ledgerAccount.requesterFunding('test', operator.id))).toBe(0);
    expect(await chargeNotices(operator.id)).toEqual([]);
    expect(await digestItemsOf(operator.id)).toEqual([]);
  });

  it('a human paying for their own task is not told of an agent charge', async () => {
    const { operator } = await operatorWithAgent();

    const res = await create(operator.token, 'Buy a newspaper');

    expect(res.status, res.text).toBe(201);
    expect(await chargeNotices(operator.id)).toEqual([]);
  });
});

describe('the daily digest of agent charges', () => {
  it('is a preference, off by default', async () => {
    const { operator } = await operatorWithAgent();
    const { db } = await getDatabase();
    expect((await notificationPreferencesOf(db, operator.id)).agentChargeDigest).toBe(false);

    const updated = await updateNotificationPreferences(db, { userId: operator.id, agentChargeDigest: true });
    expect(updated.agentChargeDigest).toBe(true);
    // Changing other switches keeps it.
    const kept = await updateNotificationPreferences(db, { userId: operator.id, email: { message: false } });
    expect(kept).toMatchObject({ agentChargeDigest: true, email: expect.objectContaining({ message: false }) });
  });

  it('holds each charge’s email for one digest a day, queued once the UTC day has ended, and only once', async () => {
    const { operator, agent } = await operatorWithAgent();
    const { db } = await getDatabase();
    await updateNotificationPreferences(db, { userId: operator.id, agentChargeDigest: true });
    for (const title of ['Feed the cat', 'Water the plants']) {
      const res = await create(agent.token, title);
      expect(res.status, res.text).toBe(201);
    }
    const notices = await chargeNotices(operator.id);
    expect(notices).toHaveLength(2);
    expect(await emailRowsFor(notices.map((notice) => notice.id))).toEqual([]);
    expect(await digestItemsOf(operator.id)).toHaveLength(2);

    // Today has not ended: nothing yet.
    expect(await sendAgentChargeDigests(db, { userIds: [operator.id] })).toEqual({ digests: 0 });
    expect(await digestItemsOf(operator.id)).toHaveLength(2);

    // As if the charges were made yesterday (UTC).
    await db
      .update(notificationDigestItems)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(notificationDigestItems.userId, operator.id));
    const day = new Date(Date.now() - 24 * 3_600_000).toISOString().slice(0, 10);

    expect(await sendAgentChargeDigests(db, { userIds: [operator.id] })).toEqual({ digests: 1 });
    expect(await digestItemsOf(operator.id)).toEqual([]);
    const [digest] = (await chargeNotices(operator.id)).filter((notice) =>
      notice.dedupeKey.startsWith('agent_charge_digest:'),
    );
    expect(digest).toMatchObject({
      dedupeKey: `agent_charge_digest:${day}`,
      title: `Your agents’ card charges on ${day}: 2 card charges`,
      readAt: expect.any(Date),
    });
    expect(digest?.body).toContain('Feed the cat');
    expect(digest?.body).toContain('Water the plants');
    expect(digest?.body).toContain(`${env().SITE_URL}/dashboard/agents/${agent.id}`);
    const [mail] = await sendEmails([digest?.id ?? '']);
    expect(mail?.subject).toBe(digest?.title);
    expect(mail?.text).toContain('Feed the cat');

    // Idempotent per (operator, day): a second run, or a late row of the same day, queues no second digest.
    expect(await sendAgentChargeDigests(db, { userIds: [operator.id] })).toEqual({ digests: 0 });
    const late = notices[0];
    if (!late) throw new Error('no notice');
    await db
      .insert(notificationDigestItems)
      .values({ notificationId: late.id, userId: operator.id, createdAt: sql`now() - interval '1 day'` });
    expect(await sendAgentChargeDigests(db, { userIds: [operator.id] })).toEqual({ digests: 0 });
    const digests = await db
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `agent_charge_digest:${day}`));
    expect(digests.filter((row) => row.userId === operator.id)).toHaveLength(1);
  });
});
