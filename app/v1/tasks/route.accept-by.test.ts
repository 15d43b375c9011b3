import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as readWaitRoute } from '@/app/v1/waits/[id]/route';
import { POST as createWaitRoute } from '@/app/v1/waits/route';
import { getDatabase } from '@/db/client';
import { tasks } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { runTaskDeadlines } from '@/lib/services/tasks/run-task-deadlines';
import { call, uniqueIp } from '@/test/http';
import { sleep } from '@/test/messages';
import { notificationsOf } from '@/test/notifications';
import { escrowBalance, ledgerBalance } from '@/test/payments';
import { callAction, fundedPartiesForFile, lifecycleBody, taskEvents, taskRow } from '@/test/tasks';
import { PATCH as patchTaskRoute } from './[id]/route';
import { POST as createTaskRoute } from './route';

// Issue 39, the accept-by guarantee: a posted task nobody accepts by `acceptBy` (or within `acceptWithinMinutes`
// of posting) is expired and refunded in full, with `task.expired` saying `reason: not_accepted`.

const parties = fundedPartiesForFile();
const MINUTE = 60_000;

const create = (body: Record<string, unknown>, token = parties.requester.token) =>
  call(createTaskRoute, '/v1/tasks', { token, body: lifecycleBody(body), ip: uniqueIp() });
const patch = (id: string, body: Record<string, unknown>) =>
  call(patchTaskRoute, `/v1/tasks/${id}`, { token: parties.requester.token, params: { id }, body });

/** Moves the task's acceptBy `minutes` into the past, as if nobody had come. */
async function passAcceptBy(id: string, minutes = 1) {
  const { db } = await getDatabase();
  await db
    .update(tasks)
    .set({ acceptBy: new Date(Date.now() - minutes * MINUTE) })
    .where(eq(tasks.id, id));
}

describe('setting the guarantee', () => {
  it('acceptWithinMinutes counts from posting; acceptBy is kept as given', async () => {
    const relative = await create({ acceptWithinMinutes: 30 });
    expect(relative.status, relative.text).toBe(201);
    const { publishedAt, acceptBy, acceptWithinMinutes } = relative.json.data;
    expect(acceptWithinMinutes).toBe(30);
    expect(new Date(acceptBy).getTime()).toBe(new Date(publishedAt).getTime() + 30 * MINUTE);

    const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 90 * MINUTE).toISOString();
    const absolute = await create({ acceptBy: at });
    expect(absolute.status, absolute.text).toBe(201);
    expect(absolute.json.data).toMatchObject({ acceptBy: at, acceptWithinMinutes: null });
  });

  it('a draft waits for its posting to start the clock', async () => {
    const draft = await create({ draft: true, acceptWithinMinutes: 45 });
    expect(draft.json.data).toMatchObject({ status: 'draft', acceptBy: null, acceptWithinMinutes: 45 });
    const posted = await callAction('publish', draft.json.data.id, parties.requester.token);
    expect(posted.status, posted.text).toBe(200);
    const { publishedAt, acceptBy } = posted.json.data;
    expect(new Date(acceptBy).getTime()).toBe(new Date(publishedAt).getTime() + 45 * MINUTE);
  });

  it('PATCH on a posted task: acceptWithinMinutes counts from now, acceptBy null clears it', async () => {
    const task = (await create({})).json.data;
    const before = Date.now();
    const set = await patch(task.id, { acceptWithinMinutes: 20 });
    expect(set.status, set.text).toBe(200);
    expect(new Date(set.json.data.acceptBy).getTime()).toBeGreaterThanOrEqual(before + 20 * MINUTE - 1_000);
    const cleared = await patch(task.id, { acceptBy: null });
    expect(cleared.json.data).toMatchObject({ acceptBy: null, acceptWithinMinutes: null });
  });

  it.each([
    [{ acceptWithinMinutes: 0 }, 'acceptWithinMinutes'],
    [{ acceptWithinMinutes: 1.5 }, 'acceptWithinMinutes'],
    [{ acceptWithinMinutes: 43_201 }, 'acceptWithinMinutes'],
    [{ acceptWithinMinutes: 10, acceptBy: new Date(Date.now() + 3_600_000).toISOString() }, 'acceptWithinMinutes'],
    [{ acceptBy: new Date(Date.now() - MINUTE).toISOString() }, 'acceptBy'],
    [{ acceptBy: 'soon' }, 'acceptBy'],
    [{ acceptBy: new Date(Date.now() + 4 * 24 * 3_600_000).toISOString() }, 'acceptBy'], // after the deadline
  ])('%j: 400 naming %s, nothing created or charged', async (body, field) => {
    const res = await create(body);
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.issues.map((issue: { path: string[] }) => issue.path.join('.'))).toEqual([field]);
  });

  it('PATCH moving the deadline before acceptBy: 400 naming acceptBy', async () => {
    const task = (await create({ acceptBy: new Date(Date.now() + 2 * 24 * 3_600_000).toISOString() })).json.data;
    const res = await patch(task.id, { deadline: new Date(Date.now() + 24 * 3_600_000).toISOString() });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.issues.map((issue: { path: string[] }) => issue.path.join('.'))).toEqual(['acceptBy']);
  });
});

describe('when nobody accepts in time', () => {
  it('the deadline job expires it, refunds it in full, says not_accepted and tells the requester', async () => {
    const task = (await create({ acceptWithinMinutes: 5 })).json.data;
    const refundsBefore = await ledgerBalance(ledgerAccount.refunds('test', parties.requester.id));
    await passAcceptBy(task.id);
    const { db } = await getDatabase();
    expect((await runTaskDeadlines(db)).notAccepted).toBeGreaterThanOrEqual(1);

    expect((await taskRow(task.id)).status).toBe('expired');
    expect(await escrowBalance(task.id)).toBe(0);
    expect(await ledgerBalance(ledgerAccount.refunds('test', parties.requester.id))).toBe(refundsBefore + 2_300);
    expect((await taskEvents(task.id)).at(-1)).toMatchObject({
      type: 'task.expired',
      data: { previousStatus: 'posted', reason: 'not_accepted' },
    });
    const notice = (await notificationsOf(parties.requester.id)).find(
      (n) => n.taskId === task.id && n.kind === 'task_expired',
    );
    expect(notice?.body).toContain('No worker accepted it in the time you set');
  });

  it('a waiting agent is woken at once', async () => {
    const task = (await create({ acceptWithinMinutes: 5 }, parties.agent.token)).json.data;
    const wait = await call(createWaitRoute, '/v1/waits', {
      token: parties.agent.token,
      body: { kind: 'task_status', taskId: task.id, statuses: ['accepted', 'expired'] },
      ip: uniqueIp(),
    });
    expect(wait.status, wait.text).toBe(201);
    const id = wait.json.data.id;
    const polling = call(readWaitRoute, `/v1/waits/${id}`, {
      token: parties.agent.token,
      params: { id },
      query: { timeoutSec: '20' },
      ip: uniqueIp(),
    });
    await sleep(300);
    await passAcceptBy(task.id);
    const started = performance.now();
    await runTaskDeadlines((await getDatabase()).db);
    const answer = await polling;
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(answer.json.data).toMatchObject({
      status: 'completed',
      result: { outcome: 'status', taskStatus: 'expired' },
    });
  });

  it('an acceptance meets the guarantee: a task handed back later waits for its deadline only', async () => {
    const task = (await create({ acceptWithinMinutes: 5 })).json.data;
    const accepted = await callAction('accept', task.id, parties.worker.token);
    expect(accepted.json.data).toMatchObject({ status: 'accepted', acceptBy: null });
    expect((await callAction('withdraw', task.id, parties.worker.token)).status).toBe(200);
    await runTaskDeadlines((await getDatabase()).db);
    expect((await taskRow(task.id)).status).toBe('posted');
  });

  it('a task past its deadline still expires with reason deadline', async () => {
    const task = (await create({})).json.data;
    const { db } = await getDatabase();
    await db
      .update(tasks)
      .set({ deadline: new Date(Date.now() - MINUTE) })
      .where(eq(tasks.id, task.id));
    await runTaskDeadlines(db);
    expect((await taskEvents(task.id)).at(-1)).toMatchObject({ type: 'task.expired', data: { reason: 'deadline' } });
  });
});
