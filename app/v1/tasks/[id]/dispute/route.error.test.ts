import { describe, expect, it } from 'vitest';
import { POST as createTask } from '@/app/v1/tasks/route';
import { call } from '@/test/http';
import { escrowBalance } from '@/test/payments';
import {
  anotherWorker,
  callAction,
  fundedPartiesForFile,
  lifecycleBody,
  taskEvents,
  taskInStatus,
  taskRow,
} from '@/test/tasks';

const parties = fundedPartiesForFile();

describe('POST /v1/tasks/{id}/dispute', () => {
  it.each([
    ['requester', 'accepted'],
    ['worker', 'accepted'],
    ['requester', 'submitted'],
    ['worker', 'submitted'],
  ] as const)('by the %s, from %s', async (who, status) => {
    const task = await taskInStatus(parties, status);
    const token = who === 'worker' ? parties.worker.token : parties.requester.token;
    const res = await callAction('dispute', task.id, token, { reason: 'Not what we agreed.' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.status).toBe('disputed');
    expect((await taskEvents(task.id)).at(-1)).toMatchObject({
      type: 'task.disputed',
      data: { previousStatus: status, reason: 'Not what we agreed.' },
    });
    // The money stays in escrow until an admin resolves it.
    expect(await escrowBalance(task.id)).toBe(2_300);
  });

  it('the operator disputes a task their agent requested', async () => {
    const created = await call(createTask, '/v1/tasks', { token: parties.agent.token, body: lifecycleBody() });
    expect(created.status, created.text).toBe(201);
    const id = created.json.data.id;
    expect((await callAction('accept', id, parties.worker.token)).status).toBe(200);
    const res = await callAction('dispute', id, parties.requester.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'disputed', requesterId: parties.agent.id });
  });

  it('a reason is required (400); an outsider gets 404; a disputed task cannot be approved', async () => {
    const task = await taskInStatus(parties, 'submitted');
    const bare = await callAction('dispute', task.id, parties.requester.token, {});
    expect(bare.status, bare.text).toBe(400);
    expect(bare.json.error.issues.map((issue: { path: string[] }) => issue.path)).toEqual([['reason']]);
    const outsider = await anotherWorker();
    expect((await callAction('dispute', task.id, outsider.token)).status).toBe(404);
    // A listed worker sees a posted task but is on neither side of it.
    const posted = await taskInStatus(parties, 'posted');
    const browsing = await callAction('dispute', posted.id, outsider.token);
    expect(browsing.status, browsing.text).toBe(403);
    expect(browsing.json.error.message).toBe('Only the requester or the assigned worker can dispute this task');
    expect(await taskRow(task.id)).toEqual(task);

    expect((await callAction('dispute', task.id, parties.worker.token)).status).toBe(200);
    const approve = await callAction('approve', task.id, parties.requester.token);
    expect(approve.status).toBe(409);
    expect(await escrowBalance(task.id)).toBe(2_300);
  });
});
