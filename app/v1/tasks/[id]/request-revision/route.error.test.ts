import { describe, expect, it } from 'vitest';
import { validationEnvelope } from '@/test/expect';
import { escrowBalance } from '@/test/payments';
import { callAction, fundedPartiesForFile, taskEvents, taskInStatus, taskRow } from '@/test/tasks';

const parties = fundedPartiesForFile();

describe('POST /v1/tasks/{id}/request-revision', () => {
  it('sends a submission back at most twice; the third time is 409', async () => {
    const task = await taskInStatus(parties, 'submitted');
    for (const round of [1, 2]) {
      const res = await callAction('request-revision', task.id, parties.requester.token, { reason: `Round ${round}` });
      expect(res.status, res.text).toBe(200);
      expect(res.json.data).toMatchObject({ status: 'accepted', revisionCount: round });
      expect((await taskEvents(task.id)).at(-1)).toMatchObject({
        type: 'task.accepted',
        data: { previousStatus: 'submitted', reason: `Round ${round}` },
      });
      // The proof stays for the worker to see what was asked about; they submit again.
      expect((await callAction('submit', task.id, parties.worker.token)).status).toBe(200);
    }
    const before = await taskRow(task.id);
    const eventsBefore = (await taskEvents(task.id)).length;
    const third = await callAction('request-revision', task.id, parties.requester.token);
    expect(third.status, third.text).toBe(409);
    expect(third.json.error).toMatchObject({ code: 'INVALID_TRANSITION', details: { revisionCount: 2 } });
    expect(await taskRow(task.id)).toEqual(before);
    expect(await taskEvents(task.id)).toHaveLength(eventsBefore);
    // What is left: approve (or dispute).
    expect((await callAction('approve', task.id, parties.requester.token)).status).toBe(200);
    expect(await escrowBalance(task.id)).toBe(0);
  });

  // Issue 36: the worker is always told what to redo. No reason, a blank one or no body at all is a 400 naming
  // `reason`, and the proof stays submitted with no event.
  it.each([
    ['an empty body', {}, 'Invalid input: expected string, received undefined'],
    ['a blank reason', { reason: '   ' }, 'Say what the worker should change'],
    ['an empty reason', { reason: '' }, 'Say what the worker should change'],
  ])('with %s: 400 on `reason`, nothing changes', async (_name, body, message) => {
    const task = await taskInStatus(parties, 'submitted');
    const eventsBefore = await taskEvents(task.id, /./);
    const res = await callAction('request-revision', task.id, parties.requester.token, body);
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual(validationEnvelope([{ path: ['reason'], message }]));
    expect(await taskRow(task.id)).toEqual(task);
    expect((await taskRow(task.id)).status).toBe('submitted');
    expect(await taskEvents(task.id, /./)).toEqual(eventsBefore);
  });

  it('without a body at all: 400, still submitted', async () => {
    const task = await taskInStatus(parties, 'submitted');
    const res = await callAction('request-revision', task.id, parties.requester.token, null);
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
    expect(await taskRow(task.id)).toEqual(task);
  });

  it('the reason, trimmed, goes to the worker in `task.accepted`', async () => {
    const task = await taskInStatus(parties, 'submitted');
    const res = await callAction('request-revision', task.id, parties.requester.token, { reason: '  Sharper.  ' });
    expect(res.status, res.text).toBe(200);
    expect((await taskEvents(task.id)).at(-1)?.data).toMatchObject({ reason: 'Sharper.' });
  });

  it('the worker cannot ask for a revision of their own proof (403)', async () => {
    const task = await taskInStatus(parties, 'submitted');
    const res = await callAction('request-revision', task.id, parties.worker.token);
    expect(res.status, res.text).toBe(403);
    expect(await taskRow(task.id)).toEqual(task);
  });
});
