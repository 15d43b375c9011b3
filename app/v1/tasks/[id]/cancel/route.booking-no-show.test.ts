import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { tasks } from '@/db/schema';
import { withEnv } from '@/test/env';
import { envelope } from '@/test/expect';
import { chargeRows, escrowBalance, taskLedger, withoutStripe } from '@/test/payments';
import { book, hoursFromNow, workerWithService } from '@/test/services';
import { assignmentsOf, callAction, fundedParties, taskRow } from '@/test/tasks';

withoutStripe();

// A booked worker is not robbed at the end of the slot: a booking's no-show cancel waits
// BOOKING_NO_SHOW_GRACE_HOURS (default 12) past the slot's end.

const TOTAL_CENTS = 4_025;
const HOUR = 3_600_000;

/** A booking of a fresh service whose slot ended `hoursAgo` hours ago (moved back in time after booking). */
async function bookingEnded(hoursAgo: number) {
  const { requester } = await fundedParties();
  const { worker, service } = await workerWithService();
  const res = await book(service.id, requester.token, { startsAt: hoursFromNow(24), expectedPriceCents: 3_500 });
  if (res.status !== 201) throw new Error(`not booked: ${res.text}`);
  const deadline = new Date(Math.floor((Date.now() - hoursAgo * HOUR) / 1000) * 1000);
  const { db } = await getDatabase();
  await db
    .update(tasks)
    .set({ startsAt: new Date(deadline.getTime() - HOUR), deadline })
    .where(eq(tasks.id, res.json.data.id));
  return { requester, worker, task: await taskRow(res.json.data.id) };
}

describe('POST /v1/tasks/{id}/cancel on a booking whose worker did not show', () => {
  it('within 12 h of the slot’s end: 409 naming the time it will be allowed; nothing changes', async () => {
    const { requester, task } = await bookingEnded(1);
    const possibleFrom = new Date(task.deadline.getTime() + 12 * HOUR).toISOString();
    const res = await callAction('cancel', task.id, requester.token);
    expect(res.status, res.text).toBe(409);
    expect(res.json).toEqual(
      envelope('INVALID_TRANSITION', {
        message: `Cannot cancel an accepted booking as a no-show before ${possibleFrom}`,
        hint:
          `A booked worker has until 12 h after the slot ends (${task.deadline.toISOString()}) to deliver; if ` +
          `nothing is submitted by ${possibleFrom}, cancelling refunds the booking in full. Or open a dispute with ` +
          'POST /v1/tasks/{id}/dispute.',
        details: {
          status: 'accepted',
          action: 'cancel',
          guard: 'workerNoShow',
          allowedFrom: ['draft', 'posted', 'accepted'],
          possibleFrom,
        },
      }),
    );
    expect(await taskRow(task.id)).toEqual(task);
    expect(await escrowBalance(task.id)).toBe(TOTAL_CENTS);
    expect((await taskLedger(task.id)).map((tx) => tx.kind)).toEqual(['charge']);
    expect(await chargeRows(task.id)).toEqual([expect.objectContaining({ refundedCents: 0 })]);
    expect(await assignmentsOf(task.id)).toEqual([expect.objectContaining({ endedAt: null, endReason: null })]);
  });

  it('past the grace: cancelled, refunded in full, the assignment ended as a no-show', async () => {
    const { requester, task } = await bookingEnded(13);
    const res = await callAction('cancel', task.id, requester.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'cancelled' });
    expect(await escrowBalance(task.id)).toBe(0);
    expect((await taskLedger(task.id)).map((tx) => tx.kind)).toEqual(['charge', 'refund']);
    expect((await assignmentsOf(task.id)).map((row) => row.endReason)).toEqual(['no_show']);
  });

  it('BOOKING_NO_SHOW_GRACE_HOURS sets the grace', async () => {
    const { requester, task } = await bookingEnded(3);
    const early = await withEnv({ BOOKING_NO_SHOW_GRACE_HOURS: '4' }, () =>
      callAction('cancel', task.id, requester.token),
    );
    expect(early.status, early.text).toBe(409);
    expect(early.json.error.details.possibleFrom).toBe(new Date(task.deadline.getTime() + 4 * HOUR).toISOString());
    const late = await withEnv({ BOOKING_NO_SHOW_GRACE_HOURS: '2' }, () =>
      callAction('cancel', task.id, requester.token),
    );
    expect(late.status, late.text).toBe(200);
    expect(await escrowBalance(task.id)).toBe(0);
  });
});
