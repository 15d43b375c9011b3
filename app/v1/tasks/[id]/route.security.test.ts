import { describe, expect, it } from 'vitest';
import { call } from '@/test/http';
import { withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { anotherWorker, expectEndedTasksSettled, fundedParties, taskInStatus } from '@/test/tasks';
import { GET as getTask, PATCH as updateTask } from './route';

withoutStripe();
expectEndedTasksSettled();

const get = (taskId: string, token?: string) =>
  call(getTask, `/v1/tasks/${taskId}`, { params: { id: taskId }, ...(token ? { token } : {}) });

describe('GET /v1/tasks/{id} — who sees a task', () => {
  it('a listed worker sees a posted task without its private instructions', async () => {
    const parties = await fundedParties();
    const task = await taskInStatus(parties, 'posted');
    const browsing = await get(task.id, (await anotherWorker()).token);
    expect(browsing.status, browsing.text).toBe(200);
    expect(browsing.json.data).toMatchObject({ id: task.id, status: 'posted' });
    expect(browsing.json.data).not.toHaveProperty('instructions');
    // Its requester, and the operator seeing their agent's task, get the instructions.
    const own = await get(task.id, parties.requester.token);
    expect(own.json.data.instructions).toBe('Ask for Mia at the counter.');
  });

  it('a user who is not a listed worker, and an unlisted worker, get 404 for a posted task', async () => {
    const parties = await fundedParties();
    const task = await taskInStatus(parties, 'posted');
    const outsider = await signUpViaApi('outsider');
    const res = await get(task.id, outsider.token);
    expect(res.status, res.text).toBe(404);
    expect(res.json.error.code).toBe('NOT_FOUND');
    expect((await get(task.id, (await anotherWorker(false)).token)).status).toBe(404);
  });

  it('a draft is invisible to listed workers', async () => {
    const parties = await fundedParties();
    const draft = await taskInStatus(parties, 'draft');
    expect((await get(draft.id, parties.worker.token)).status).toBe(404);
  });

  it('after acceptance the assigned worker sees the instructions; other listed workers get 404', async () => {
    const parties = await fundedParties();
    const rival = await anotherWorker();
    const task = await taskInStatus(parties, 'accepted');
    const assigned = await get(task.id, parties.worker.token);
    expect(assigned.status, assigned.text).toBe(200);
    expect(assigned.json.data.instructions).toBe('Ask for Mia at the counter.');
    expect((await get(task.id, rival.token)).status).toBe(404);
  });

  it('an agent’s task is visible to its operator, not to another agent of nobody', async () => {
    const parties = await fundedParties();
    const other = await fundedParties();
    const task = await taskInStatus(parties, 'posted');
    expect((await get(task.id, parties.agent.token)).status).toBe(404);
    expect((await get(task.id, other.agent.token)).status).toBe(404);
    expect((await get(task.id, other.requester.token)).status).toBe(404);
  });
});

describe('PATCH /v1/tasks/{id} — only the requester side', () => {
  it('another user’s task: 404, unchanged', async () => {
    const parties = await fundedParties();
    const other = await fundedParties();
    const task = await taskInStatus(parties, 'draft');
    for (const token of [other.requester.token, parties.worker.token]) {
      const res = await call(updateTask, `/v1/tasks/${task.id}`, {
        params: { id: task.id },
        token,
        body: { title: 'Mine now' },
      });
      expect(res.status, res.text).toBe(404);
    }
    // A listed worker browsing a posted task may see it, not change it.
    const posted = await taskInStatus(parties, 'posted');
    const res = await call(updateTask, `/v1/tasks/${posted.id}`, {
      params: { id: posted.id },
      token: parties.worker.token,
      body: { title: 'Mine now' },
    });
    expect(res.status, res.text).toBe(404);
    expect((await get(task.id, parties.requester.token)).json.data.title).not.toBe('Mine now');
    expect((await get(posted.id, parties.requester.token)).json.data.title).not.toBe('Mine now');
  });
});
