import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { type Task, tasks } from '@/db/schema';
import { call } from '@/test/http';
import { escrowBalance, withoutStripe } from '@/test/payments';
import {
  callAction,
  expectEndedTasksSettled,
  type FundedParties,
  fundedParties,
  taskBody,
  taskInStatus,
  taskRow,
} from '@/test/tasks';
import { POST as createTask } from '../route';
import { PATCH as updateTask } from './route';

withoutStripe();
expectEndedTasksSettled();

const patch = (taskId: string, token: string, body: unknown) =>
  call(updateTask, `/v1/tasks/${taskId}`, { params: { id: taskId }, token, body });

describe('PATCH /v1/tasks/{id} — refused changes', () => {
  let parties: FundedParties;
  beforeAll(async () => {
    parties = await fundedParties();
  });
  const LOCKED: Task['status'][] = [
    'accepted',
    'submitted',
    'completed',
    'cancelled',
    'disputed',
    'expired',
    'resolved',
  ];

  it.each(LOCKED.map((status) => [status]))('a %s task: 409 INVALID_TRANSITION, unchanged', async (status) => {
    const task = await taskInStatus(parties, status);
    const res = await patch(task.id, parties.requester.token, { title: 'Changed' });
    expect(res.status, res.text).toBe(409);
    expect(res.json.error).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'Can only update draft or posted tasks',
    });
    expect(await taskRow(task.id)).toEqual(task);
  });

  it('the budget of a posted (funded) task cannot change', async () => {
    const task = await taskInStatus(parties, 'posted');
    const res = await patch(task.id, parties.requester.token, { budgetCents: 5_000 });
    expect(res.status, res.text).toBe(409);
    expect(res.json.error.code).toBe('INVALID_TRANSITION');
    expect(await taskRow(task.id)).toEqual(task);
    // Sending the same budget is no change.
    const same = await patch(task.id, parties.requester.token, { budgetCents: 2_000, title: 'Same budget' });
    expect(same.status, same.text).toBe(200);
    expect(same.json.data).toMatchObject({ title: 'Same budget', budgetCents: 2_000, totalCents: 2_300 });
  });

  it('the budget of a draft being published (card reserved) cannot change; other fields can', async () => {
    const { db } = await getDatabase();
    const draft = await taskInStatus(parties, 'draft');
    // What publishing does before it charges: reserve the card for the current price.
    await db.update(tasks).set({ fundingSource: 'card' }).where(eq(tasks.id, draft.id));
    const reserved = await taskRow(draft.id);
    const res = await patch(draft.id, parties.requester.token, { budgetCents: 9_000 });
    expect(res.status, res.text).toBe(409);
    expect(res.json.error).toMatchObject({ code: 'INVALID_TRANSITION', details: { fundingSource: 'card' } });
    expect(await taskRow(draft.id)).toEqual(reserved);
    expect((await patch(draft.id, parties.requester.token, { title: 'Still fine' })).status).toBe(200);
    // Publishing charges the reserved price and posts it.
    expect((await callAction('publish', draft.id, parties.requester.token)).status).toBe(200);
    expect(await escrowBalance(draft.id)).toBe(2_300);
  });

  it('an empty body: 400', async () => {
    const task = await taskInStatus(parties, 'draft');
    const res = await patch(task.id, parties.requester.token, {});
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
    expect(await taskRow(task.id)).toEqual(task);
  });

  it('bad fields: 400 with an issue per field', async () => {
    const task = await taskInStatus(parties, 'draft');
    const res = await patch(task.id, parties.requester.token, {
      title: '',
      budgetCents: 12.5,
      deadline: '2001-01-01T00:00:00Z',
      category: 'astrology',
      proofRequirements: ['telepathy'],
      surprise: true,
    });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
    const paths = res.json.error.issues.map((issue: { path: string[] }) => issue.path[0]);
    expect(paths).toEqual(
      expect.arrayContaining(['title', 'budgetCents', 'deadline', 'category', 'proofRequirements']),
    );
    expect(await taskRow(task.id)).toEqual(task);
  });

  it('a task id that is not a uuid, or an unknown one: 404', async () => {
    const token = parties.requester.token;
    expect((await patch('nope', token, { title: 'x' })).status).toBe(404);
    expect((await patch('00000000-0000-4000-8000-000000000000', token, { title: 'x' })).status).toBe(404);
  });
});

describe('gps proof needs a location', () => {
  it('refuses to require gps of a remote task, at creation and by PATCH', async () => {
    const parties = await fundedParties();
    const remote = taskBody({ location: null, proofRequirements: ['gps'] });
    const created = await call(createTask, '/v1/tasks', { token: parties.requester.token, body: remote });
    expect(created.status).toBe(400);
    expect(created.json.error.issues).toEqual([expect.objectContaining({ path: ['proofRequirements'] })]);

    const draft = await call(createTask, '/v1/tasks', {
      token: parties.requester.token,
      body: taskBody({ draft: true }),
    });
    expect(draft.status).toBe(201);
    const id = draft.json.data.id as string;
    const unlocate = await call(updateTask, `/v1/tasks/${id}`, {
      token: parties.requester.token,
      params: { id },
      body: { location: null, proofRequirements: ['gps', 'photo'] },
    });
    expect(unlocate.status).toBe(400);
    expect(unlocate.json.error.code).toBe('VALIDATION_ERROR');
    const gpsHere = await call(updateTask, `/v1/tasks/${id}`, {
      token: parties.requester.token,
      params: { id },
      body: { proofRequirements: ['gps'] },
    });
    expect(gpsHere.status, gpsHere.text).toBe(200);
    expect(gpsHere.json.data.proofRequirements).toEqual(['gps']);
  });
});
