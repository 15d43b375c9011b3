import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as upload } from '@/app/v1/uploads/route';
import { getDatabase } from '@/db/client';
import { events, workerProfiles } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { call, send } from '@/test/http';
import { escrowBalance, ledgerBalance, withoutStripe } from '@/test/payments';
import { fundedParties, taskBody } from '@/test/tasks';
import { PNG_BYTES, uploadRequest, withTemporaryDataDir } from '@/test/worker-profiles';
import { POST as accept } from './[id]/accept/route';
import { POST as approve } from './[id]/approve/route';
import { GET as getTask } from './[id]/route';
import { POST as submit } from './[id]/submit/route';
import { POST as createTask, GET as listTasks } from './route';

withoutStripe();
withTemporaryDataDir();

async function taskEvents(taskId: string) {
  const { db } = await getDatabase();
  return db.select().from(events).where(eq(events.taskId, taskId)).orderBy(asc(events.createdAt));
}

describe('a task from posting to payment', () => {
  it('is created funded, accepted, proven with a photo, approved, and the worker is paid', async () => {
    const parties = await fundedParties();

    const created = await call(createTask, '/v1/tasks', { token: parties.requester.token, body: taskBody() });
    expect(created.status, created.text).toBe(201);
    const task = created.json.data;
    expect(task).toMatchObject({
      status: 'posted',
      fundingSource: 'card',
      budgetCents: 2_000,
      platformFeeCents: 300,
      totalCents: 2_300,
      instructions: 'Ask for Mia at the counter.',
      requesterId: parties.requester.id,
      workerId: null,
      proof: null,
    });
    expect(await escrowBalance(task.id)).toBe(2_300);

    // A listed worker sees the posted task, without its private instructions, and accepts it.
    const browsed = await call(getTask, `/v1/tasks/${task.id}`, {
      params: { id: task.id },
      token: parties.worker.token,
    });
    expect(browsed.status, browsed.text).toBe(200);
    expect(browsed.json.data).not.toHaveProperty('instructions');
    const accepted = await call(accept, `/v1/tasks/${task.id}/accept`, {
      params: { id: task.id },
      token: parties.worker.token,
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.data).toMatchObject({ status: 'accepted', workerId: parties.worker.id });
    expect(accepted.json.data.instructions).toBe('Ask for Mia at the counter.');

    const photo = await send(upload, uploadRequest(PNG_BYTES, { token: parties.worker.token }));
    expect(photo.status).toBe(201);
    const submitted = await call(submit, `/v1/tasks/${task.id}/submit`, {
      params: { id: task.id },
      token: parties.worker.token,
      body: {
        note: 'Done, sign photographed too.',
        photoIds: [photo.json.data.id],
        location: { lat: 52.4996, lng: 13.4188 },
      },
    });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.json.data).toMatchObject({ status: 'submitted' });
    expect(submitted.json.data.proof).toMatchObject({
      note: 'Done, sign photographed too.',
      photos: [{ id: photo.json.data.id, url: photo.json.data.url }],
      location: { lat: 52.4996, lng: 13.4188 },
    });
    expect(submitted.json.data.proof.distanceMeters).toBeLessThan(20);
    expect(Date.parse(submitted.json.data.reviewDueAt) - Date.parse(submitted.json.data.submittedAt)).toBe(
      72 * 3_600_000,
    );

    const approved = await call(approve, `/v1/tasks/${task.id}/approve`, {
      params: { id: task.id },
      token: parties.requester.token,
    });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.data).toMatchObject({ status: 'completed' });
    expect(approved.json.data.completedAt).not.toBeNull();

    // GET reads the task through its own batched statement: the same resource, field for field.
    const fetched = await call(getTask, `/v1/tasks/${task.id}`, {
      params: { id: task.id },
      token: parties.requester.token,
    });
    expect(fetched.status).toBe(200);
    expect(fetched.json.data).toEqual(approved.json.data);
    expect(fetched.json.data.proof.photos).toHaveLength(1);

    // The escrow emptied into the worker's payout and the platform's fee.
    expect(await escrowBalance(task.id)).toBe(0);
    expect(await ledgerBalance(ledgerAccount.workerPayouts('test', parties.worker.id))).toBe(2_000);
    const { db } = await getDatabase();
    const [profile] = await db.select().from(workerProfiles).where(eq(workerProfiles.userId, parties.worker.id));
    expect(profile?.completedTasks).toBe(1);

    // One outbox event per transition, each naming the status it left; everyone on the task hears of it.
    const all = await taskEvents(task.id);
    expect(
      all.filter((event) => event.type.startsWith('payment.')).map((event) => [event.type, event.data.amountCents]),
    ).toEqual([
      ['payment.succeeded', 2_300],
      ['payment.transferred', 2_000],
    ]);
    const emitted = all.filter((event) => event.type.startsWith('task.'));
    expect(emitted.map((event) => [event.type, event.data.previousStatus])).toEqual([
      ['task.posted', 'draft'],
      ['task.accepted', 'posted'],
      ['task.submitted', 'accepted'],
      ['task.completed', 'submitted'],
    ]);
    for (const event of emitted.slice(1)) {
      expect(event.audience).toEqual(expect.arrayContaining([parties.requester.id, parties.worker.id]));
    }
  });

  it('lists the caller’s tasks on both sides, newest first, with filters and a cursor', async () => {
    const parties = await fundedParties();
    const ids: string[] = [];
    for (const title of ['first', 'second', 'third']) {
      const res = await call(createTask, '/v1/tasks', { token: parties.requester.token, body: taskBody({ title }) });
      expect(res.status, res.text).toBe(201);
      ids.push(res.json.data.id);
    }
    // One created by the operator's agent: the operator sees it too.
    const byAgent = await call(createTask, '/v1/tasks', {
      token: parties.agent.token,
      body: taskBody({ title: 'agent draft', draft: true }),
    });
    expect(byAgent.status, byAgent.text).toBe(201);
    expect(byAgent.json.data.status).toBe('draft');
    const [firstId] = ids as [string];
    await call(accept, `/v1/tasks/${firstId}/accept`, { params: { id: firstId }, token: parties.worker.token });

    const page1 = await call(listTasks, '/v1/tasks', { token: parties.requester.token, query: { limit: '2' } });
    expect(page1.status, page1.text).toBe(200);
    expect(page1.json.data.map((t: { title: string }) => t.title)).toEqual(['agent draft', 'third']);
    expect(page1.json.hasMore).toBe(true);
    const page2 = await call(listTasks, '/v1/tasks', {
      token: parties.requester.token,
      query: { limit: '2', cursor: page1.json.nextCursor },
    });
    expect(page2.json.data.map((t: { title: string }) => t.title)).toEqual(['second', 'first']);
    expect(page2.json).toMatchObject({ hasMore: false, nextCursor: null });

    const drafts = await call(listTasks, '/v1/tasks', { token: parties.requester.token, query: { status: 'draft' } });
    expect(drafts.json.data.map((t: { id: string }) => t.id)).toEqual([byAgent.json.data.id]);

    const assigned = await call(listTasks, '/v1/tasks', { token: parties.worker.token, query: { role: 'worker' } });
    expect(assigned.json.data.map((t: { id: string }) => t.id)).toEqual([ids[0]]);
    expect(assigned.json.data[0].instructions).toBe('Ask for Mia at the counter.');

    // The agent sees only its own.
    const agentList = await call(listTasks, '/v1/tasks', { token: parties.agent.token });
    expect(agentList.json.data.map((t: { id: string }) => t.id)).toEqual([byAgent.json.data.id]);
  });
});
