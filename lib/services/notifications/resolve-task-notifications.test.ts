import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { notifications } from '@/db/schema';
import { resolveDispute } from '@/lib/services/disputes/resolve-dispute';
import { adminCallerOf } from '@/test/admin';
import { withEnv } from '@/test/env';
import { notificationsOf } from '@/test/notifications';
import { signUpViaApi } from '@/test/sessions';
import { anotherWorker, callAction, fundedPartiesForFile, taskInStatus } from '@/test/tasks';
import { countUnreadNotifications } from './count-unread-notifications';
import { listNotifications } from './list-notifications';
import { notify } from './notify';
import { resolveNotifications } from './resolve-notifications';

// A notification that asks for something is marked done (and read) by the transition that does it, whoever acts;
// the ones that only tell stay as they are.

const parties = fundedPartiesForFile();

async function expectOk(res: { status: number; text: string }) {
  expect(res.status, res.text).toBe(200);
}

/** `userId`'s notifications about `taskId`: kind and whether done. */
async function doneness(userId: string, taskId: string) {
  return (await notificationsOf(userId))
    .filter((row) => row.taskId === taskId)
    .map((row) => [row.kind, row.doneAt !== null] as const);
}

describe('notifications marked done when their action is done', () => {
  it('"review the proof" is done on approval, "send the revision" on the next submission; news stays open', async () => {
    const { requester, worker } = parties;
    const task = await taskInStatus(parties, 'submitted');
    expect(await doneness(requester.id, task.id)).toEqual([
      ['task_accepted', false],
      ['task_submitted', false],
    ]);
    const unreadBefore = await countUnreadNotifications((await getDatabase()).db, requester.id);

    await expectOk(await callAction('request-revision', task.id, requester.token));
    expect(await doneness(requester.id, task.id)).toEqual([
      ['task_accepted', false],
      ['task_submitted', true],
    ]);
    expect(await doneness(worker.id, task.id)).toEqual([['revision_requested', false]]);
    // Done counts as read: the bell drops it.
    expect(await countUnreadNotifications((await getDatabase()).db, requester.id)).toBe(unreadBefore - 1);

    await expectOk(await callAction('submit', task.id, worker.token));
    expect(await doneness(worker.id, task.id)).toEqual([['revision_requested', true]]);
    expect(await doneness(requester.id, task.id)).toEqual([
      ['task_accepted', false],
      ['task_submitted', true],
      ['task_submitted', false],
    ]);

    await expectOk(await callAction('approve', task.id, requester.token));
    expect(await doneness(requester.id, task.id)).toEqual([
      ['task_accepted', false],
      ['task_submitted', true],
      ['task_submitted', true],
    ]);
    const [listed] = (
      await listNotifications((await getDatabase()).db, { user: { id: requester.id, type: 'human' }, limit: 5 })
    ).data.filter((row) => row.taskId === task.id && row.kind === 'task_submitted');
    expect(listed).toMatchObject({ doneAt: expect.any(String), readAt: expect.any(String) });
  });

  it('"review the proof" is done when the requester disputes instead; "the dispute" when it is resolved', async () => {
    const { requester, worker } = parties;
    const task = await taskInStatus(parties, 'submitted');
    await expectOk(await callAction('dispute', task.id, requester.token));
    expect(await doneness(requester.id, task.id)).toEqual([
      ['task_accepted', false],
      ['task_submitted', true],
    ]);
    expect(await doneness(worker.id, task.id)).toEqual([['dispute_opened', false]]);

    const admin = await signUpViaApi('admin', { verified: true });
    const { db } = await getDatabase();
    await withEnv({ ADMIN_EMAILS: admin.email }, async () =>
      resolveDispute(db, { admin: await adminCallerOf(admin), taskId: task.id, resolution: { outcome: 'refund' } }),
    );
    expect(await doneness(worker.id, task.id)).toEqual([
      ['dispute_opened', true],
      ['dispute_resolved', false],
    ]);
  });

  it('"new task near you" is done for every worker told once someone takes the task', async () => {
    const task = await taskInStatus(parties, 'posted');
    const [first, second] = [await anotherWorker(), await anotherWorker()];
    const { db } = await getDatabase();
    await db.transaction(async (tx) => {
      for (const worker of [first, second]) {
        await notify(tx, {
          userId: worker.id,
          kind: 'new_task_nearby',
          title: 'New task near you',
          body: 'Pays $20.00.',
          taskId: task.id,
          dedupeKey: `new_task_nearby:${task.id}`,
        });
      }
    });
    await expectOk(await callAction('accept', task.id, first.token));
    for (const worker of [first, second]) {
      expect(await doneness(worker.id, task.id)).toEqual([['new_task_nearby', true]]);
    }
  });
});

describe('resolveNotifications', () => {
  it('marks only the given people’s given kinds on the task, once, keeping a first read time', async () => {
    const { requester } = parties;
    const [task, other] = [await taskInStatus(parties, 'posted'), await taskInStatus(parties, 'posted')];
    const worker = await anotherWorker();
    const { db } = await getDatabase();
    const readAt = new Date('2001-01-01T00:00:00Z');
    const rows = await db.transaction(async (tx) => {
      const made = [];
      for (const [userId, taskId, kind] of [
        [requester.id, task.id, 'task_submitted'],
        [requester.id, task.id, 'message'],
        [requester.id, other.id, 'task_submitted'],
        [worker.id, task.id, 'task_submitted'],
      ] as const) {
        made.push(await notify(tx, { userId, kind, title: kind, body: '.', taskId, dedupeKey: crypto.randomUUID() }));
      }
      return made;
    });
    await db
      .update(notifications)
      .set({ readAt })
      .where(eq(notifications.id, rows[0]?.id ?? ''));

    await db.transaction((tx) =>
      resolveNotifications(tx, { taskId: task.id, kinds: ['task_submitted'], userIds: [requester.id] }),
    );
    const after = new Map(
      (await db.select().from(notifications))
        .filter((row) => rows.some((made) => made?.id === row.id))
        .map((row) => [row.id, row]),
    );
    const [own, news, elsewhere, someoneElse] = rows.map((row) => after.get(row?.id ?? ''));
    expect(own).toMatchObject({ doneAt: expect.any(Date), readAt });
    expect(news).toMatchObject({ doneAt: null, readAt: null });
    expect(elsewhere).toMatchObject({ doneAt: null, readAt: null });
    expect(someoneElse).toMatchObject({ doneAt: null, readAt: null });
  });
});
