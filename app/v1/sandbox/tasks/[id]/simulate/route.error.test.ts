import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { envelope } from '@/test/expect';
import { postedTestTask, simulate, simulated } from '@/test/sandbox';
import { callAction, fundedParties, fundedPartiesForFile, taskInStatus, taskRow } from '@/test/tasks';

// What the sandbox refuses: tasks that are not the caller's own test-mode ones (404, as if they did not exist),
// statuses that do not allow the action (the usual 409), tasks another worker holds, malformed bodies.
const parties = fundedPartiesForFile();

const TASK_NOT_FOUND = envelope('NOT_FOUND', {
  message: 'Task not found',
  hint: 'Check the id; list your tasks with GET /v1/tasks.',
});

describe('POST /v1/sandbox/tasks/{id}/simulate: errors', () => {
  it('404 for another operator’s test-mode task, for the same agent’s task seen by a stranger, for unknown ids', async () => {
    const other = await fundedParties();
    const theirs = await postedTestTask(other.agent.token);
    for (const token of [parties.agent.token, parties.requester.token]) {
      const res = await simulate(token, theirs.id, 'accept');
      expect(res.status).toBe(404);
      expect(res.json).toEqual(TASK_NOT_FOUND);
    }
    expect((await taskRow(theirs.id)).status).toBe('posted');
    expect((await simulate(parties.agent.token, randomUUID(), 'accept')).json).toEqual(TASK_NOT_FOUND);
    const malformed = await simulate(parties.agent.token, 'not-a-uuid', 'accept');
    expect(malformed.status).toBe(404);
  });

  it('409 INVALID_TRANSITION for accept on a task that is not posted (a draft, an accepted one)', async () => {
    const draft = await taskInStatus(parties, 'draft');
    const res = await simulate(parties.requester.token, draft.id, 'accept');
    expect(res.status).toBe(409);
    expect(res.json).toEqual(
      envelope('INVALID_TRANSITION', {
        message: 'Cannot accept a draft task',
        details: { status: 'draft', action: 'accept', allowedFrom: ['posted'] },
      }),
    );
    const task = await postedTestTask(parties.agent.token);
    await simulated(parties.agent.token, task.id, 'accept');
    const twice = await simulate(parties.agent.token, task.id, 'accept');
    expect(twice.status).toBe(409);
    expect(twice.json.error).toMatchObject({ code: 'INVALID_TRANSITION', details: { status: 'accepted' } });
  });

  it('409 INVALID_TRANSITION for submit or withdraw on a posted task; 409 THREAD_NOT_OPEN for a message', async () => {
    const task = await postedTestTask(parties.agent.token);
    for (const action of ['submit', 'withdraw']) {
      const res = await simulate(parties.agent.token, task.id, action);
      expect(res.status).toBe(409);
      expect(res.json).toEqual(
        envelope('INVALID_TRANSITION', {
          message: `Cannot ${action} a posted task`,
          details: { status: 'posted', action, allowedFrom: ['accepted'] },
        }),
      );
    }
    const message = await simulate(parties.agent.token, task.id, 'message');
    expect(message.status).toBe(409);
    expect(message.json.error.code).toBe('THREAD_NOT_OPEN');
    expect((await taskRow(task.id)).status).toBe('posted');
  });

  it('409 THREAD_READ_ONLY for a message once the task completed', async () => {
    const task = await postedTestTask(parties.agent.token);
    await simulated(parties.agent.token, task.id, 'accept');
    await simulated(parties.agent.token, task.id, 'submit');
    await callAction('approve', task.id, parties.agent.token);
    const res = await simulate(parties.agent.token, task.id, 'message');
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('THREAD_READ_ONLY');
  });

  it('409 CONFLICT when a real worker holds the task: the sandbox acts only on what it accepted', async () => {
    const task = await postedTestTask(parties.agent.token);
    expect((await callAction('accept', task.id, parties.worker.token)).status).toBe(200);
    for (const action of ['submit', 'withdraw', 'message']) {
      const res = await simulate(parties.agent.token, task.id, action);
      expect(res.status).toBe(409);
      expect(res.json).toEqual(
        envelope('CONFLICT', {
          message: 'Another worker holds this task, not the sandbox worker',
          hint: 'The sandbox worker acts only on tasks it accepted (action `accept` on a posted task).',
          details: { status: 'accepted' },
        }),
      );
    }
    expect(await taskRow(task.id)).toMatchObject({ status: 'accepted', workerId: parties.worker.id });
  });

  it('400 for an unknown action, a missing one, or a body with an action other than message', async () => {
    const task = await postedTestTask(parties.agent.token);
    const unknown = await simulate(parties.agent.token, task.id, 'approve');
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.issues[0].path).toEqual(['action']);
    const bodyOnAccept = await simulate(parties.agent.token, task.id, 'accept', { body: 'hello' });
    expect(bodyOnAccept.status).toBe(400);
    expect(bodyOnAccept.json.error.issues).toEqual([
      { path: ['body'], message: 'Only the `message` action takes a `body`' },
    ]);
    const empty = await simulate(parties.agent.token, task.id, 'message', { body: '   ' });
    expect(empty.status).toBe(400);
    expect((await taskRow(task.id)).status).toBe('posted');
  });
});
