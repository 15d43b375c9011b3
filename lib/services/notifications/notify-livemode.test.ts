import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { withEnv } from '@/test/env';
import { LIVE_DEPLOYMENT, makeLiveWorker } from '@/test/livemode';
import { emailRowsFor, notificationsOf } from '@/test/notifications';
import { callAction, taskBetween, taskParties } from '@/test/tasks';
import { notify } from './notify';

// No email, text or in-app notice about a test-mode task ever reaches a live worker (a live payout account) on
// a deployment with a live processor: notifyMany drops them where it chooses its recipients.

type Parties = Awaited<ReturnType<typeof taskParties>>;

async function notifyAbout(userId: string, taskId: string | null) {
  const { db } = await getDatabase();
  return db.transaction((tx) =>
    notify(tx, {
      userId,
      kind: 'task_accepted',
      title: 'Something happened',
      body: 'About a task.',
      taskId,
      link: taskId ? `/worker/tasks/${taskId}` : null,
      dedupeKey: `livemode-test:${crypto.randomUUID()}`,
    }),
  );
}

async function liveScene(): Promise<Parties & { testTaskId: string; liveTaskId: string }> {
  const parties = await taskParties();
  await makeLiveWorker(parties.worker.id);
  const testTask = await taskBetween(parties, 'submitted', { livemode: false });
  const liveTask = await taskBetween(parties, 'accepted', { livemode: true });
  return { ...parties, testTaskId: testTask.id, liveTaskId: liveTask.id };
}

describe('notices about test-mode tasks and live workers', () => {
  it('on a live deployment: none about a test-mode task for a live worker; live tasks and other notices go', async () => {
    const scene = await liveScene();
    await withEnv(LIVE_DEPLOYMENT, async () => {
      expect(await notifyAbout(scene.worker.id, scene.testTaskId)).toBeNull();
      expect(await notifyAbout(scene.worker.id, scene.liveTaskId)).toMatchObject({ taskId: scene.liveTaskId });
      expect(await notifyAbout(scene.worker.id, null)).toMatchObject({ taskId: null });
    });
    const told = await notificationsOf(scene.worker.id);
    expect(told.map((row) => row.taskId).sort()).toEqual([null, scene.liveTaskId].sort());
    expect(await emailRowsFor(told.map((row) => row.id))).toHaveLength(2);
  });

  it('the requester side of a test-mode task still hears, even when it is a live worker too', async () => {
    const scene = await liveScene();
    await makeLiveWorker(scene.operator.id);
    await withEnv(LIVE_DEPLOYMENT, async () => {
      expect(await notifyAbout(scene.operator.id, scene.testTaskId)).toMatchObject({ taskId: scene.testTaskId });
    });
  });

  it('a transition on a test-mode task (a revision asked) tells its live worker nothing', async () => {
    const scene = await liveScene();
    await withEnv(LIVE_DEPLOYMENT, async () => {
      const res = await callAction('request-revision', scene.testTaskId, scene.agent.token);
      expect(res.status, res.text).toBe(200);
    });
    expect(await notificationsOf(scene.worker.id)).toEqual([]);
  });

  it('on a test deployment the rule does not apply', async () => {
    const scene = await liveScene();
    await withEnv({ STRIPE_SECRET_KEY: undefined }, async () => {
      expect(await notifyAbout(scene.worker.id, scene.testTaskId)).toMatchObject({ taskId: scene.testTaskId });
    });
  });
});
