import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { events, uploads } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { SANDBOX_WORKER_ID } from '@/lib/services/sandbox/sandbox-worker';
import { CANNED_REPLY } from '@/lib/services/sandbox/simulate-worker';
import { balances } from '@/test/ledger';
import { awaitMessages, messageEvents, sleep } from '@/test/messages';
import { postedTestTask, simulate, simulated } from '@/test/sandbox';
import { callAction, fundedPartiesForFile, taskEvents, taskRow } from '@/test/tasks';

// The sandbox worker plays the worker on the caller's own test-mode tasks through the real services: every
// action leaves the same events, thread and money as a person's would.
const parties = fundedPartiesForFile();

describe('POST /v1/sandbox/tasks/{id}/simulate', () => {
  it('accept: the sandbox worker takes the posted task; the requester side sees it accepted, with the event', async () => {
    const task = await postedTestTask(parties.agent.token);
    const { task: accepted, message } = await simulated(parties.agent.token, task.id, 'accept');
    expect(accepted).toMatchObject({ id: task.id, status: 'accepted', workerId: SANDBOX_WORKER_ID, livemode: false });
    expect(accepted.instructions).toBe('Ask for Mia at the counter.');
    expect(message).toBeUndefined();
    expect((await taskEvents(task.id)).map((event) => event.type)).toEqual(['task.posted', 'task.accepted']);
  });

  it('message: posts the canned reply (or `body`) as the worker, told to the requester side as an event', async () => {
    const task = await postedTestTask(parties.agent.token);
    await simulated(parties.agent.token, task.id, 'accept');
    const canned = await simulated(parties.agent.token, task.id, 'message');
    expect(canned.message).toMatchObject({ senderId: SANDBOX_WORKER_ID, senderSide: 'worker', body: CANNED_REPLY });
    expect(canned.task).toMatchObject({ id: task.id, status: 'accepted' });
    const custom = await simulated(parties.agent.token, task.id, 'message', { body: '  The shop is closed today.  ' });
    expect(custom.message).toMatchObject({ senderSide: 'worker', body: 'The shop is closed today.' });
    const created = await messageEvents(task.id);
    expect(created.map((event) => event.audience)).toEqual([
      [parties.agent.id, parties.requester.id],
      [parties.agent.id, parties.requester.id],
    ]);
  });

  it('message: wakes the requester’s waiting GET …/messages/await with the sandbox’s message', async () => {
    const task = await postedTestTask(parties.agent.token);
    await simulated(parties.agent.token, task.id, 'accept');
    const [waited, sent] = await Promise.all([
      awaitMessages(parties.agent.token, task.id, { timeoutSec: '20' }),
      sleep(300).then(() => simulated(parties.agent.token, task.id, 'message', { body: 'On my way' })),
    ]);
    expect(waited.status, waited.text).toBe(200);
    expect(waited.json).toEqual({ data: [sent.message] });
  });

  it('submit: proof meeting text, photo and gps requirements (its own upload, at the task’s location)', async () => {
    const task = await postedTestTask(parties.agent.token, { proofRequirements: ['text', 'photo', 'gps'] });
    await simulated(parties.agent.token, task.id, 'accept');
    const { task: submitted } = await simulated(parties.agent.token, task.id, 'submit');
    expect(submitted).toMatchObject({ status: 'submitted', workerId: SANDBOX_WORKER_ID });
    expect(submitted.proof).toMatchObject({
      note: expect.stringContaining('Sandbox worker'),
      location: { lat: task.location?.lat, lng: task.location?.lng },
      distanceMeters: 0,
    });
    expect(submitted.proof.photos).toHaveLength(1);
    const { db } = await getDatabase();
    const [upload] = await db
      .select()
      .from(uploads)
      .where(and(eq(uploads.id, submitted.proof.photos[0].id), eq(uploads.userId, SANDBOX_WORKER_ID)));
    expect(upload?.contentType).toBe('image/png');
  });

  it('withdraw: the task is posted again, unassigned, its thread closed', async () => {
    const task = await postedTestTask(parties.agent.token);
    await simulated(parties.agent.token, task.id, 'accept');
    const { task: withdrawn } = await simulated(parties.agent.token, task.id, 'withdraw');
    expect(withdrawn).toMatchObject({ status: 'posted', workerId: null, acceptedAt: null });
    expect((await taskEvents(task.id)).map((event) => event.type)).toEqual([
      'task.posted',
      'task.accepted',
      'task.posted',
    ]);
  });

  it('the happy path to payment: accept, submit, the agent approves; the sandbox worker is paid the budget', async () => {
    const task = await postedTestTask(parties.agent.token);
    await simulated(parties.agent.token, task.id, 'accept');
    await simulated(parties.agent.token, task.id, 'submit');
    const approved = await callAction('approve', task.id, parties.agent.token);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.data).toMatchObject({ status: 'completed', workerId: SANDBOX_WORKER_ID });
    const escrow = ledgerAccount.escrow('test', task.id);
    expect(await balances([escrow])).toEqual({ [escrow]: 0 });
    const { db } = await getDatabase();
    const paid = await db
      .select()
      .from(events)
      .where(and(eq(events.taskId, task.id), eq(events.type, 'task.completed')));
    expect(paid).toHaveLength(1);
  });

  it('a revision round: submit, the agent asks for a revision, submit again, approve', async () => {
    const task = await postedTestTask(parties.agent.token);
    await simulated(parties.agent.token, task.id, 'accept');
    await simulated(parties.agent.token, task.id, 'submit');
    const revision = await callAction('request-revision', task.id, parties.agent.token);
    expect(revision.json.data).toMatchObject({ status: 'accepted', revisionCount: 1 });
    const { task: again } = await simulated(parties.agent.token, task.id, 'submit');
    expect(again).toMatchObject({ status: 'submitted', revisionCount: 1 });
    expect((await callAction('approve', task.id, parties.agent.token)).json.data.status).toBe('completed');
  });

  it('the agent’s operator (a session) may drive it too: it is the same requester side', async () => {
    const task = await postedTestTask(parties.agent.token);
    const { task: accepted } = await simulated(parties.requester.token, task.id, 'accept');
    expect(accepted).toMatchObject({ status: 'accepted', workerId: SANDBOX_WORKER_ID });
  });

  it('replays a retry with the same Idempotency-Key instead of acting twice', async () => {
    const task = await postedTestTask(parties.agent.token);
    await simulated(parties.agent.token, task.id, 'accept');
    const headers = { 'idempotency-key': `sandbox-${task.id}` };
    const first = await simulate(parties.agent.token, task.id, 'message', { body: 'once' }, headers);
    const retry = await simulate(parties.agent.token, task.id, 'message', { body: 'once' }, headers);
    expect(first.status, first.text).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.json).toEqual(first.json);
    expect(await messageEvents(task.id)).toHaveLength(1);
    expect((await taskRow(task.id)).status).toBe('accepted');
  });
});
