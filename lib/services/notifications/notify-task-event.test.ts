import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { tasks, transfers } from '@/db/schema';
import { resolveDispute } from '@/lib/services/disputes/resolve-dispute';
import { sendDueTransfers } from '@/lib/services/money/send-due-transfers';
import { runTaskDeadlines } from '@/lib/services/tasks/run-task-deadlines';
import { adminCallerOf } from '@/test/admin';
import { withEnv } from '@/test/env';
import { posted } from '@/test/messages';
import { notificationsOf } from '@/test/notifications';
import { signUpViaApi } from '@/test/sessions';
import { anotherWorker, callAction, fundedPartiesForFile, passDeadline, taskInStatus } from '@/test/tasks';
import { onboardPayouts } from '@/test/workers';

// Every task event a person hears about, driven through the real actions: who is told, in which words, with
// which link; never the person who acted; once per cause.

const parties = fundedPartiesForFile();

const at = (day: number, hour = 12) => new Date(Date.UTC(2001, 0, day, hour));

async function expectOk(res: { status: number; text: string }) {
  expect(res.status, res.text).toBe(200);
}

async function transferOf(taskId: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(transfers).where(eq(transfers.taskId, taskId));
  return row;
}

/** The notifications of `userId` about `taskId`, as kind, title and link. */
async function told(userId: string, taskId: string) {
  // Notifications of one transaction share their time: those come in the order of their kinds.
  return (await notificationsOf(userId))
    .filter((row) => row.taskId === taskId)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.kind.localeCompare(b.kind))
    .map(({ kind, title, body, link }) => ({ kind, title, body, link }));
}

describe('task notifications', () => {
  it('accept, message, submit, revision, approve: each side hears what the other did, once', async () => {
    const task = await taskInStatus(parties, 'posted');
    const { requester, worker } = parties;
    const dashboard = `/dashboard/tasks/${task.id}`;
    const workerPage = `/worker/tasks/${task.id}`;
    const title = '“Photograph the storefront at Oranienstraße 12”';

    await expectOk(await callAction('accept', task.id, worker.token));
    expect(await told(requester.id, task.id)).toEqual([
      {
        kind: 'task_accepted',
        title: expect.stringMatching(/ accepted “Photograph/),
        body: expect.any(String),
        link: dashboard,
      },
    ]);
    expect(await told(worker.id, task.id)).toEqual([]);

    await posted(worker.token, task.id, 'On my way.');
    await posted(requester.token, task.id, 'Thanks!');
    expect((await told(requester.id, task.id)).at(-1)).toEqual({
      kind: 'message',
      title: expect.stringMatching(new RegExp(` wrote about ${title}$`)),
      body: 'On my way.',
      link: dashboard,
    });
    expect(await told(worker.id, task.id)).toEqual([
      { kind: 'message', title: expect.stringContaining(`wrote about ${title}`), body: 'Thanks!', link: workerPage },
    ]);

    await expectOk(await callAction('submit', task.id, worker.token));
    await expectOk(await callAction('request-revision', task.id, requester.token));
    await expectOk(await callAction('submit', task.id, worker.token));
    await expectOk(await callAction('approve', task.id, requester.token));
    const { db } = await getDatabase();
    await sendDueTransfers(db);
    expect(await transferOf(task.id)).toMatchObject({ processorId: expect.any(String) });

    expect((await told(requester.id, task.id)).map((row) => row.kind)).toEqual([
      'task_accepted',
      'message',
      'task_submitted',
      'task_submitted',
    ]);
    expect(await told(worker.id, task.id)).toEqual([
      expect.objectContaining({ kind: 'message' }),
      {
        kind: 'revision_requested',
        title: expect.stringContaining(`asked for changes to ${title}`),
        body: 'What to change: The sign is blurry.',
        link: workerPage,
      },
      // One payout, one notification: the transfer sent after the approval commits adds no second one.
      {
        kind: 'task_completed',
        title: `You were paid $20.00 for ${title}`,
        body: expect.stringContaining('approved the work'),
        link: workerPage,
      },
    ]);
  });

  it('an agent’s task tells its operator (never the agent); the agent’s own actions are not news to the agent', async () => {
    const { requester, agent, worker } = parties;
    const created = await taskInStatus(parties, 'posted');
    const { db } = await getDatabase();
    await db.update(tasks).set({ requesterId: agent.id }).where(eq(tasks.id, created.id));

    await expectOk(await callAction('accept', created.id, worker.token));
    await posted(worker.token, created.id, 'Hello from the shop.');
    await posted(agent.token, created.id, 'Great, thanks.');
    expect((await told(requester.id, created.id)).map((row) => [row.kind, row.link])).toEqual([
      ['task_accepted', `/dashboard/tasks/${created.id}`],
      ['message', `/dashboard/tasks/${created.id}`],
    ]);
    expect(await notificationsOf(agent.id)).toEqual([]);
    expect((await told(worker.id, created.id)).map((row) => [row.kind, row.body])).toEqual([
      ['message', 'Great, thanks.'],
    ]);
  });

  it('a dispute tells the other side; its resolution tells both', async () => {
    const task = await taskInStatus(parties, 'disputed');
    const { requester, worker } = parties;
    expect(await told(requester.id, task.id)).toEqual([
      expect.objectContaining({ kind: 'task_accepted' }),
      {
        kind: 'dispute_opened',
        title: expect.stringMatching(/ opened a dispute on “Photograph/),
        body: 'Reason: The photos show a different shop. Our team looks at both sides and decides.',
        link: `/dashboard/tasks/${task.id}`,
      },
    ]);
    expect((await told(worker.id, task.id)).map((row) => row.kind)).toEqual([]);

    const admin = await signUpViaApi('admin', { verified: true });
    const { db } = await getDatabase();
    await withEnv({ ADMIN_EMAILS: admin.email }, async () =>
      resolveDispute(db, {
        admin: await adminCallerOf(admin),
        taskId: task.id,
        resolution: { outcome: 'split', workerCents: 1_000 },
      }),
    );
    const resolved = {
      kind: 'dispute_resolved',
      title: expect.stringContaining('The dispute on “Photograph'),
      body: expect.stringMatching(/ was paid \$10\.00; the rest is refunded\.$/),
    };
    expect((await told(requester.id, task.id)).at(-1)).toMatchObject(resolved);
    await sendDueTransfers(db);
    expect(await transferOf(task.id)).toMatchObject({ processorId: expect.any(String), amountCents: 1_000 });
    expect((await told(worker.id, task.id)).map((row) => row.kind)).toEqual(['dispute_resolved']);
    expect(await notificationsOf(admin.userId)).toEqual([]);
  });

  it('a no-show cancel tells the worker; the requester who cancelled hears nothing of it', async () => {
    const task = await taskInStatus(parties, 'accepted');
    await passDeadline(task.id);
    await expectOk(await callAction('cancel', task.id, parties.requester.token));
    expect(await told(parties.worker.id, task.id)).toEqual([
      {
        kind: 'task_cancelled',
        title: expect.stringMatching(/ cancelled “Photograph/),
        body: 'The deadline passed without a submission, so the task was called off.',
        link: `/worker/tasks/${task.id}`,
      },
    ]);
    expect((await told(parties.requester.id, task.id)).map((row) => row.kind)).toEqual(['task_accepted']);
  });

  it('the deadline job: an expired task tells the requester; an auto-completed one tells both', async () => {
    const { db } = await getDatabase();
    const posted = await taskInStatus(parties, 'posted');
    const submitted = await taskInStatus(parties, 'submitted');
    await db
      .update(tasks)
      .set({ deadline: at(9) })
      .where(eq(tasks.id, posted.id));
    await db
      .update(tasks)
      .set({ submittedAt: at(7, 11) })
      .where(eq(tasks.id, submitted.id));
    await runTaskDeadlines(db, at(10));
    await sendDueTransfers(db);

    expect(await told(parties.requester.id, posted.id)).toEqual([
      {
        kind: 'task_expired',
        title: '“Photograph the storefront at Oranienstraße 12” expired',
        body: 'No worker took it before its deadline. $23.00 is refunded.',
        link: `/dashboard/tasks/${posted.id}`,
      },
    ]);
    expect((await told(parties.requester.id, submitted.id)).at(-1)).toMatchObject({
      kind: 'task_completed',
      body: expect.stringContaining('Nobody answered the submission within 72 hours'),
    });
    expect(await transferOf(submitted.id)).toMatchObject({ processorId: expect.any(String) });
    expect((await told(parties.worker.id, submitted.id)).map((row) => row.kind)).toEqual(['task_completed']);
  });

  it('held pay: the approval says it waits; payout_sent only when the transfer is actually sent, once', async () => {
    const worker = await anotherWorker();
    const task = await taskInStatus(parties, 'posted');
    await expectOk(await callAction('accept', task.id, worker.token));
    await expectOk(await callAction('submit', task.id, worker.token));
    await expectOk(await callAction('approve', task.id, parties.requester.token));
    expect(await told(worker.id, task.id)).toEqual([
      expect.objectContaining({
        kind: 'task_completed',
        title: 'You earned $20.00 for “Photograph the storefront at Oranienstraße 12”',
        body: expect.stringContaining('waits until your payout account can receive it'),
      }),
    ]);

    await onboardPayouts({ id: worker.id, email: null });
    const { db } = await getDatabase();
    await sendDueTransfers(db);
    await sendDueTransfers(db);
    expect((await told(worker.id, task.id)).map((row) => [row.kind, row.title])).toEqual([
      ['task_completed', expect.any(String)],
      ['payout_sent', '$20.00 sent for “Photograph the storefront at Oranienstraße 12”'],
    ]);
  });
});
