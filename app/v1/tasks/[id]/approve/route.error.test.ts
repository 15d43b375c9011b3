import { describe, expect, it } from 'vitest';
import { escrowBalance } from '@/test/payments';
import { anotherWorker, callAction, fundedPartiesForFile, taskEvents, taskInStatus, taskRow } from '@/test/tasks';
import { onboardPayouts } from '@/test/workers';

const parties = fundedPartiesForFile();

describe('POST /v1/tasks/{id}/approve', () => {
  it('a worker whose payout account cannot receive transfers yet: 409, nothing moves; after onboarding it pays', async () => {
    const newcomer = await anotherWorker();
    const task = await taskInStatus(parties, 'posted');
    expect((await callAction('accept', task.id, newcomer.token)).status).toBe(200);
    expect((await callAction('submit', task.id, newcomer.token)).status).toBe(200);
    const before = await taskRow(task.id);
    const eventsBefore = (await taskEvents(task.id)).length;

    const res = await callAction('approve', task.id, parties.requester.token);
    expect(res.status, res.text).toBe(409);
    expect(res.json.error.code).toBe('CONFLICT');
    expect(await taskRow(task.id)).toEqual(before);
    expect(await escrowBalance(task.id)).toBe(2_300);
    expect(await taskEvents(task.id)).toHaveLength(eventsBefore);

    await onboardPayouts({ id: newcomer.id, email: null });
    const retried = await callAction('approve', task.id, parties.requester.token);
    expect(retried.status, retried.text).toBe(200);
    expect(await escrowBalance(task.id)).toBe(0);
  });

  it('the worker cannot approve their own submission (403); an outsider gets 404', async () => {
    const task = await taskInStatus(parties, 'submitted');
    const own = await callAction('approve', task.id, parties.worker.token);
    expect(own.status, own.text).toBe(403);
    expect(own.json.error.message).toBe('Only the requester can approve this task');
    expect((await callAction('approve', task.id, (await anotherWorker()).token)).status).toBe(404);
    expect(await taskRow(task.id)).toEqual(task);
  });
});
