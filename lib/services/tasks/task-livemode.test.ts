import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as acceptRoute } from '@/app/v1/tasks/[id]/accept/route';
import { GET as getTaskRoute } from '@/app/v1/tasks/[id]/route';
import { getDatabase } from '@/db/client';
import { tasks, workerProfiles } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import { priceTask } from '@/lib/tasks/task-rules';
import { withEnv } from '@/test/env';
import { envelope } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { LIVE_DEPLOYMENT as LIVE_PROCESSOR, makeLiveWorker } from '@/test/livemode';
import { notificationsOf } from '@/test/notifications';
import { simulated } from '@/test/sandbox';
import { assignmentsOf, taskEvents, taskParties, taskRow } from '@/test/tasks';
import { insertWorkerProfile } from '@/test/workers';
import { listOpenTasks } from './list-open-tasks';
import { loadTaskAccess } from './load-task-access';

// Test-mode tasks (made with `lgw_test_` keys) never reach live workers: not listed, not viewable, not
// acceptable, exactly like a task that does not exist. A live worker is one whose processor is live: a browser
// session or `lgw_live_` key on a deployment with a live Stripe key. Nothing here calls Stripe: viewing and
// accepting move no money.
const LIVE_DEPLOYMENT = { STRIPE_SECRET_KEY: 'sk_live_livemodevisibilitytest' };
const NOT_FOUND = envelope('NOT_FOUND', {
  message: 'Task not found',
  hint: 'Check the id; list your tasks with GET /v1/tasks.',
});

/** The agent's posted remote task in `livemode`, asking for a skill only this test's worker has (ranks first). */
async function postedTask(requesterId: string, skill: string, livemode: boolean) {
  const { db } = await getDatabase();
  const [task] = await db
    .insert(tasks)
    .values({
      requesterId,
      title: livemode ? 'A live task' : 'A test-mode task',
      category: 'errands',
      ...priceTask(1_000),
      deadline: new Date(Date.now() + 3 * 24 * 3_600_000),
      requiredSkills: [skill],
      status: 'posted',
      publishedAt: new Date(),
      livemode,
    })
    .returning();
  if (!task) throw new Error('task insert failed');
  return task;
}

async function scene() {
  const parties = await taskParties();
  const skill = `skill-${randomUUID().slice(0, 8)}`;
  const { db } = await getDatabase();
  await db
    .update(workerProfiles)
    .set({ skills: [skill] })
    .where(eq(workerProfiles.userId, parties.worker.id));
  const worker = await insertUser(db);
  await insertWorkerProfile(worker.id, { isListed: true, skills: [skill], lat: null, lng: null });
  const { key: workerTestKey } = await insertApiKey(db, { userId: worker.id, mode: 'test', scopes: [...SCOPES] });
  const testTask = await postedTask(parties.agent.id, skill, false);
  const liveTask = await postedTask(parties.agent.id, skill, true);
  return { db, parties, worker, workerTestKey, testTask, liveTask, skill };
}

const getTask = (id: string, token: string) =>
  call(getTaskRoute, `/v1/tasks/${id}`, { token, params: { id }, ip: uniqueIp() });
const accept = (id: string, token: string) =>
  call(acceptRoute, `/v1/tasks/${id}/accept`, { token, params: { id }, ip: uniqueIp() });

describe('test-mode tasks on a live deployment', () => {
  it('a live worker (session) neither lists, views nor accepts a test-mode task, and sees the live one', async () => {
    const { db, parties, testTask, liveTask } = await scene();
    await withEnv(LIVE_DEPLOYMENT, async () => {
      const listed = await listOpenTasks(db, parties.worker.id, { limit: 50 });
      const ids = listed.data.map((task) => task.id);
      expect(ids).toContain(liveTask.id);
      expect(ids).not.toContain(testTask.id);

      const viewed = await getTask(testTask.id, parties.worker.token);
      expect(viewed.status).toBe(404);
      expect(viewed.json).toEqual(NOT_FOUND);
      await expect(loadTaskAccess(db, { taskId: testTask.id, userId: parties.worker.id })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });

      const accepted = await accept(testTask.id, parties.worker.token);
      expect(accepted.status).toBe(404);
      expect(accepted.json).toEqual(NOT_FOUND);
      expect((await taskRow(testTask.id)).status).toBe('posted');

      expect((await getTask(liveTask.id, parties.worker.token)).status).toBe(200);
      // Its requester side still sees it: the agent with its test key, the operator in a (live) session.
      expect((await getTask(testTask.id, parties.agent.token)).status).toBe(200);
      expect((await getTask(testTask.id, parties.operator.token)).status).toBe(200);
    });
  });

  it('a worker calling with a lgw_test_ key sees and accepts the test-mode task, not the live one', async () => {
    const { db, worker, workerTestKey, testTask, liveTask } = await scene();
    await withEnv(LIVE_DEPLOYMENT, async () => {
      const listed = await listOpenTasks(db, worker.id, { limit: 50, livemode: false });
      expect(listed.data.map((task) => task.id)).toContain(testTask.id);
      expect(listed.data.map((task) => task.id)).not.toContain(liveTask.id);

      expect((await getTask(liveTask.id, workerTestKey)).json).toEqual(NOT_FOUND);
      expect((await accept(liveTask.id, workerTestKey)).json).toEqual(NOT_FOUND);

      const viewed = await getTask(testTask.id, workerTestKey);
      expect(viewed.status, viewed.text).toBe(200);
      const accepted = await accept(testTask.id, workerTestKey);
      expect(accepted.status, accepted.text).toBe(200);
      expect(accepted.json.data).toMatchObject({ status: 'accepted', workerId: worker.id, livemode: false });
    });
  });
});

describe('a live worker and a test-mode task, on a live deployment', () => {
  const mismatch = (taskId: string) =>
    envelope('LIVEMODE_MISMATCH', {
      message: 'A live worker cannot accept a test-mode task',
      details: { taskId, livemode: false },
    });

  it('a live worker (live payout account) accepting with a lgw_test_ key: 403, the task stays posted, nobody told', async () => {
    const { parties, worker, workerTestKey, testTask } = await scene();
    await makeLiveWorker(worker.id);
    await withEnv(LIVE_PROCESSOR, async () => {
      const accepted = await accept(testTask.id, workerTestKey);
      expect(accepted.status, accepted.text).toBe(403);
      expect(accepted.json).toEqual(mismatch(testTask.id));
    });
    expect(await taskRow(testTask.id)).toMatchObject({ status: 'posted', workerId: null });
    expect(await assignmentsOf(testTask.id)).toEqual([]);
    expect(await taskEvents(testTask.id)).toEqual([]);
    expect(await notificationsOf(parties.operator.id)).toEqual([]);
  });

  it('the sandbox worker still takes the test-mode task', async () => {
    const { parties, testTask } = await scene();
    await withEnv(LIVE_PROCESSOR, async () => {
      const { task } = await simulated(parties.agent.token, testTask.id, 'accept');
      expect(task).toMatchObject({ status: 'accepted', livemode: false });
    });
  });

  it('on a test deployment the rule does not apply: the same worker accepts', async () => {
    const { worker, workerTestKey, testTask } = await scene();
    await makeLiveWorker(worker.id);
    await withEnv({ STRIPE_SECRET_KEY: undefined }, async () => {
      const accepted = await accept(testTask.id, workerTestKey);
      expect(accepted.status, accepted.text).toBe(200);
      expect(accepted.json.data).toMatchObject({ status: 'accepted', workerId: worker.id });
    });
  });
});
