import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { tasks } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { withEnv } from '@/test/env';
import { chargeRows, escrowBalance, ledgerBalance, taskLedger, withoutStripe } from '@/test/payments';
import { book, hoursFromNow, workerWithService } from '@/test/services';
import { assignmentsOf, callAction, fundedParties, taskRow } from '@/test/tasks';

withoutStripe();

// A booked worker is not robbed at the end of the slot: a booking's free no-show cancel waits
// BOOKING_NO_SHOW_GRACE_HOURS (default 12) past the slot's end; before that a cancel pays the late-cancel fee.

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
    // Booked two days ago: long past the free minutes after the booking.
    .set({ startsAt: new Date(deadline.getTime() - HOUR), deadline, acceptedAt: new Date(Date.now() - 48 * HOUR) })
    .where(eq(tasks.id, res.json.data.id));
  return { requester, worker, task: await taskRow(res.json.data.id) };
}

describe('POST /v1/tasks/{id}/cancel on a booking whose worker did not show', () => {
  it('within 12 h of the slot’s end it is a late cancel: the worker keeps the fee, the rest is refunded', async () => {
    const { requester, worker, task } = await bookingEnded(1);
    const feeCents = 875; // 25% of the 3,500 budget
    const res = await callAction('cancel', task.id, requester.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'cancelled', cancellationFeeCents: feeCents });
    expect(await escrowBalance(task.id)).toBe(0);
    expect(await workerReceived(worker.id)).toBe(feeCents);
    expect(await chargeRows(task.id)).toEqual([expect.objectContaining({ refundedCents: TOTAL_CENTS - feeCents })]);
    expect((await assignmentsOf(task.id)).map((row) => row.endReason)).toEqual(['cancelled']);
  });

  it('past the grace: cancelled, refunded in full, the assignment ended as a no-show', async () => {
    const { requester, worker, task } = await bookingEnded(13);
    const res = await callAction('cancel', task.id, requester.token, { maxFeeCents: 0 });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'cancelled', cancellationFeeCents: null });
    expect(await escrowBalance(task.id)).toBe(0);
    expect((await taskLedger(task.id)).map((tx) => tx.kind)).toEqual(['charge', 'refund']);
    expect(await workerReceived(worker.id)).toBe(0);
    expect((await assignmentsOf(task.id)).map((row) => row.endReason)).toEqual(['no_show']);
  });

  it('BOOKING_NO_SHOW_GRACE_HOURS sets the grace', async () => {
    const { requester, task } = await bookingEnded(3);
    const early = await withEnv({ BOOKING_NO_SHOW_GRACE_HOURS: '4' }, () =>
      callAction('cancel', task.id, requester.token, { maxFeeCents: 0 }),
    );
    expect(early.status, early.text).toBe(409);
    expect(early.json.error).toMatchObject({
      code: 'CANCELLATION_FEE_CHANGED',
      details: { feeCents: 875, maxFeeCents: 0, refundCents: TOTAL_CENTS - 875, reason: 'late' },
    });
    expect(await taskRow(task.id)).toEqual(task);
    const late = await withEnv({ BOOKING_NO_SHOW_GRACE_HOURS: '2' }, () =>
      callAction('cancel', task.id, requester.token, { maxFeeCents: 0 }),
    );
    expect(late.status, late.text).toBe(200);
    expect(await escrowBalance(task.id)).toBe(0);
  });
});

/** What a worker was paid or is owed, over both of their accounts. */
async function workerReceived(workerId: string) {
  const payouts = await ledgerBalance(ledgerAccount.workerPayouts('test', workerId));
  return payouts + (await ledgerBalance(ledgerAccount.workerPayable('test', workerId)));
}
