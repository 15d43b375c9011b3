import { describe, expect, it } from 'vitest';
import { envelope } from '@/test/expect';
import { withoutStripe } from '@/test/payments';
import { book, hoursFromNow, moveSlot, workerWithService } from '@/test/services';
import { callAction, fundedParties, taskEvents, taskRow } from '@/test/tasks';

withoutStripe();

// Issue 36: a booking's work happens in its slot, so its proof is refused before the slot starts (409
// INVALID_TRANSITION naming the start, also in `details.startsAt`) and taken from the start on.

const HOUR = 3_600_000;

/** A fresh booking whose slot starts `hours` from now (negative: started that long ago). */
async function bookingStarting(hours: number) {
  const { requester } = await fundedParties();
  const { worker, service } = await workerWithService();
  const res = await book(service.id, requester.token, { startsAt: hoursFromNow(24), expectedPriceCents: 3_500 });
  if (res.status !== 201) throw new Error(`not booked: ${res.text}`);
  const startsAt = new Date(Math.floor((Date.now() + hours * HOUR) / 1000) * 1000);
  if (hours < 0) await moveSlot(res.json.data.id, startsAt);
  return { requester, worker, task: await taskRow(res.json.data.id) };
}

describe('POST /v1/tasks/{id}/submit on a booking', () => {
  it('before the slot starts: 409 naming the start; the task stays accepted, no event', async () => {
    const { worker, task } = await bookingStarting(24);
    expect(task.status).toBe('accepted');
    const startsAt = task.startsAt?.toISOString();
    const eventsBefore = await taskEvents(task.id, /./);
    const res = await callAction('submit', task.id, worker.token, { note: 'Done early.' });
    expect(res.status, res.text).toBe(409);
    expect(res.json).toEqual(
      envelope('INVALID_TRANSITION', {
        message: `Cannot submit proof before the booked slot starts at ${startsAt}`,
        hint:
          `A booking takes proof from the start of its slot (${startsAt}, in \`details.startsAt\`): do the work ` +
          'in the slot, then submit. If the time no longer suits, say so in the thread.',
        details: { status: 'accepted', action: 'submit', guard: 'slotStarted', allowedFrom: ['accepted'], startsAt },
      }),
    );
    expect(await taskRow(task.id)).toEqual(task);
    expect(await taskEvents(task.id, /./)).toEqual(eventsBefore);
  });

  it('once the slot has started: the proof is taken', async () => {
    const { worker, task } = await bookingStarting(-0.5);
    const res = await callAction('submit', task.id, worker.token, { note: 'Errands done.' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'submitted', proof: { note: 'Errands done.' } });
    expect((await taskEvents(task.id)).at(-1)).toMatchObject({ type: 'task.submitted' });
  });

  it('an empty proof is still refused after the start (400 before the slot is looked at)', async () => {
    const { worker, task } = await bookingStarting(-0.5);
    const res = await callAction('submit', task.id, worker.token, {});
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.issues).toEqual([{ path: ['note'], message: 'Add a note or at least one photo' }]);
    expect(await taskRow(task.id)).toEqual(task);
  });
});
