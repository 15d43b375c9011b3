import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { taskMessages } from '@/db/schema';
import { withEnv } from '@/test/env';
import { envelope } from '@/test/expect';
import { LIVE_DEPLOYMENT, makeLiveWorker } from '@/test/livemode';
import { messageEvents, postMessage, threadParties } from '@/test/messages';
import { emailRowsFor, notificationsOf, setPreferences, textsTo, verifyPhone } from '@/test/notifications';
import { taskBetween } from '@/test/tasks';

// Test money stays in test mode (docs/payments.md, "Test mode and live workers"): on a deployment with a live
// processor a `lgw_test_` key never writes to a live worker, and no notice about a test-mode task reaches one.

async function messagesOf(taskId: string) {
  const { db } = await getDatabase();
  return db.select().from(taskMessages).where(eq(taskMessages.taskId, taskId));
}

const MISMATCH = (taskId: string, workerId: string) =>
  envelope('LIVEMODE_MISMATCH', {
    message: 'A test-mode credential cannot message a live worker',
    details: { taskId, workerId },
  });

describe('POST /v1/tasks/{id}/messages — test mode and live workers', () => {
  it('a test key writing to a live worker on a live deployment: 403, nothing stored, sent or told', async () => {
    const parties = await threadParties();
    await makeLiveWorker(parties.worker.id);
    const liveTask = await taskBetween(parties, 'accepted', { livemode: true });
    const testTask = await taskBetween(parties, 'accepted', { livemode: false });
    await withEnv(LIVE_DEPLOYMENT, async () => {
      for (const task of [liveTask, testTask]) {
        const res = await postMessage(parties.agent.token, task.id, 'Are you there?');
        expect(res.status, res.text).toBe(403);
        expect(res.json).toEqual(MISMATCH(task.id, parties.worker.id));
        expect(await messagesOf(task.id)).toEqual([]);
        expect(await messageEvents(task.id)).toEqual([]);
      }
    });
    expect(await notificationsOf(parties.worker.id)).toEqual([]);
  });

  it('the operator in a (live) session writes to the live task; a test key to a worker who is not live', async () => {
    const parties = await threadParties();
    const liveTask = await taskBetween(parties, 'accepted', { livemode: true });
    await withEnv(LIVE_DEPLOYMENT, async () => {
      expect((await postMessage(parties.agent.token, liveTask.id, 'Hello')).status).toBe(201);
      await makeLiveWorker(parties.worker.id);
      expect((await postMessage(parties.operator.token, liveTask.id, 'Hello again')).status).toBe(201);
    });
    expect(await messagesOf(liveTask.id)).toHaveLength(2);
  });

  it('on a test deployment the rule does not apply', async () => {
    const parties = await threadParties();
    await makeLiveWorker(parties.worker.id);
    const task = await taskBetween(parties, 'accepted', { livemode: false });
    await withEnv({ STRIPE_SECRET_KEY: undefined }, async () => {
      expect((await postMessage(parties.agent.token, task.id, 'Hello')).status).toBe(201);
    });
    expect(await notificationsOf(parties.worker.id)).toHaveLength(1);
  });

  it('no notice, email or text about a test-mode task reaches a live worker; the requester side still hears', async () => {
    const parties = await threadParties();
    await makeLiveWorker(parties.worker.id);
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    await verifyPhone(parties.worker.id, phone);
    await setPreferences(parties.worker.id, { email: { message: true }, sms: { message: true } });
    await setPreferences(parties.operator.id, { messageDelivery: { email: 'each' } });
    const task = await taskBetween(parties, 'accepted', { livemode: false });
    await withEnv(LIVE_DEPLOYMENT, async () => {
      // The operator's browser session is live-mode: it may write; the live worker is not told.
      expect((await postMessage(parties.operator.token, task.id, 'Test run, ignore')).status).toBe(201);
      expect((await postMessage(parties.worker.token, task.id, 'Got it')).status).toBe(201);
    });
    expect(await notificationsOf(parties.worker.id)).toEqual([]);
    expect(await textsTo(phone)).toEqual([]);
    const operatorTold = await notificationsOf(parties.operator.id);
    expect(operatorTold).toEqual([expect.objectContaining({ kind: 'message', taskId: task.id })]);
    expect(await emailRowsFor(operatorTold.map((row) => row.id))).toHaveLength(1);
  });
});
