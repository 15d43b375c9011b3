import { describe, expect, it } from 'vitest';
import { escrowBalance, withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import {
  anotherWorker,
  callAction,
  expectEndedTasksSettled,
  fundedParties,
  taskEvents,
  taskInStatus,
  taskRow,
} from '@/test/tasks';

withoutStripe();
expectEndedTasksSettled();

describe('POST /v1/tasks/{id}/accept — who may take a posted task', () => {
  it('of two listed workers accepting at once, exactly one wins; the other gets 409', async () => {
    const parties = await fundedParties();
    const rival = await anotherWorker();
    const task = await taskInStatus(parties, 'posted');

    const results = await Promise.all([
      callAction('accept', task.id, parties.worker.token),
      callAction('accept', task.id, rival.token),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    const winner = results.find((res) => res.status === 200);
    const loser = results.find((res) => res.status === 409);
    expect(loser?.json.error).toMatchObject({ code: 'INVALID_TRANSITION', details: { status: 'accepted' } });
    const row = await taskRow(task.id);
    expect(row.status).toBe('accepted');
    expect(row.workerId).toBe(winner?.json.data.workerId);
    expect([parties.worker.id, rival.id]).toContain(row.workerId);
    expect((await taskEvents(task.id)).filter((event) => event.type === 'task.accepted')).toHaveLength(1);
  });

  it('the requester cannot accept their own task (403), nor can the operator’s agent', async () => {
    const parties = await fundedParties();
    const task = await taskInStatus(parties, 'posted');
    const own = await callAction('accept', task.id, parties.requester.token);
    expect(own.status, own.text).toBe(403);
    expect(own.json.error).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot accept your own task' });
    const agent = await callAction('accept', task.id, parties.agent.token);
    expect(agent.status, agent.text).toBe(403);
    expect((await taskRow(task.id)).status).toBe('posted');
  });

  it('a worker who is not listed cannot accept (403), a user with no profile neither', async () => {
    const parties = await fundedParties();
    const task = await taskInStatus(parties, 'posted');
    const unlisted = await anotherWorker(false);
    const res = await callAction('accept', task.id, unlisted.token);
    expect(res.status, res.text).toBe(403);
    expect(res.json.error).toMatchObject({ code: 'FORBIDDEN', message: 'Only listed workers can accept tasks' });
    const stranger = await signUpViaApi('stranger');
    expect((await callAction('accept', task.id, stranger.token)).status).toBe(403);
    expect(await taskRow(task.id)).toEqual(task);
  });

  it('withdraw puts the task back to posted, and another listed worker can then accept it', async () => {
    const parties = await fundedParties();
    const rival = await anotherWorker();
    const task = await taskInStatus(parties, 'accepted');

    const withdrawn = await callAction('withdraw', task.id, parties.worker.token);
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.json.data).toMatchObject({ status: 'posted', workerId: null, acceptedAt: null });
    expect((await taskEvents(task.id)).at(-1)).toMatchObject({
      type: 'task.posted',
      data: { previousStatus: 'accepted' },
    });
    // The worker who left hears of it too.
    expect((await taskEvents(task.id)).at(-1)?.audience).toContain(parties.worker.id);

    const taken = await callAction('accept', task.id, rival.token);
    expect(taken.status, taken.text).toBe(200);
    expect(taken.json.data).toMatchObject({ status: 'accepted', workerId: rival.id });
    // The first worker is no longer on the task.
    expect((await callAction('submit', task.id, parties.worker.token)).status).toBe(404);
    expect(await escrowBalance(task.id)).toBe(2_300);
  });
});
