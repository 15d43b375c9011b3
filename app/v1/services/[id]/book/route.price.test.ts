import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PATCH as updateServiceRoute } from '@/app/v1/services/[id]/route';
import { getDatabase } from '@/db/client';
import { charges, events, notificationEmails, notifications, tasks } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { envelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { chargeRows, escrowBalance, ledgerBalance, transferRows, withoutStripe } from '@/test/payments';
import { book, hoursFromNow, moveSlot, workerWithService } from '@/test/services';
import { callAction, fundedParties } from '@/test/tasks';

withoutStripe();

// POST /v1/services/{id}/book with `expectedPriceCents`: a booking charges the price the requester saw.

const PRICE = 3_500;

async function setPrice(service: { id: string }, worker: { token: string }, priceCents: number) {
  const res = await call(updateServiceRoute, `/v1/services/${service.id}`, {
    token: worker.token,
    body: { priceCents },
    params: { id: service.id },
    ip: uniqueIp(),
  });
  if (res.status !== 200) throw new Error(`price not changed: ${res.text}`);
}

/** Everything a booking by `requesterId` of `serviceId` could have left behind: none of it after a refusal. */
async function traces(serviceId: string, requesterId: string, workerId: string) {
  const { db } = await getDatabase();
  const booked = await db.select().from(tasks).where(eq(tasks.serviceId, serviceId));
  const taskEvents = booked[0] ? await db.select().from(events).where(eq(events.taskId, booked[0].id)) : [];
  return {
    tasks: booked,
    charges: await db.select().from(charges).where(eq(charges.userId, requesterId)),
    funding: await ledgerBalance(ledgerAccount.requesterFunding('test', requesterId)),
    events: taskEvents,
    workerNotifications: await db.select().from(notifications).where(eq(notifications.userId, workerId)),
    workerEmails: await db
      .select({ id: notificationEmails.id })
      .from(notificationEmails)
      .innerJoin(notifications, eq(notifications.id, notificationEmails.notificationId))
      .where(eq(notifications.userId, workerId)),
  };
}

const NOTHING = { tasks: [], charges: [], funding: 0, events: [], workerNotifications: [], workerEmails: [] };

describe('POST /v1/services/{id}/book — expectedPriceCents', () => {
  it('the price seen: 201 at that price', async () => {
    const { requester } = await fundedParties();
    const { service } = await workerWithService();
    const res = await book(service.id, requester.token, { startsAt: hoursFromNow(24), expectedPriceCents: PRICE });
    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toMatchObject({ budgetCents: PRICE, totalCents: 4_025 });
  });

  it('the price changed since: 409 PRICE_CHANGED with the current price, nothing charged, held or sent', async () => {
    const { requester } = await fundedParties();
    const { worker, service } = await workerWithService();
    await setPrice(service, worker, 5_000);
    const startsAt = hoursFromNow(24);
    const res = await book(service.id, requester.token, { startsAt, expectedPriceCents: PRICE });
    expect(res.status, res.text).toBe(409);
    expect(res.json).toEqual(
      envelope('PRICE_CHANGED', {
        message: 'The price of this service changed to 5000 cents (you expected 3500)',
        details: { currentPriceCents: 5_000, expectedPriceCents: PRICE },
      }),
    );
    expect(await traces(service.id, requester.id, worker.id)).toEqual(NOTHING);
    // The slot was not held by the refused booking: booking it at the new price works.
    const again = await book(service.id, requester.token, { startsAt, expectedPriceCents: 5_000 });
    expect(again.status, again.text).toBe(201);
    expect(again.json.data).toMatchObject({ budgetCents: 5_000, totalCents: 5_750 });
    expect(await chargeRows(again.json.data.id)).toEqual([expect.objectContaining({ amountCents: 5_750 })]);
  });

  it('an agent with a stale price is told so (409), not asked to pay (402)', async () => {
    const { requester, agent } = await fundedParties();
    const { worker, service } = await workerWithService();
    await setPrice(service, worker, 4_000);
    const res = await book(service.id, agent.token, { startsAt: hoursFromNow(24), expectedPriceCents: PRICE });
    expect(res.status, res.text).toBe(409);
    expect(res.json.error).toMatchObject({ code: 'PRICE_CHANGED', details: { currentPriceCents: 4_000 } });
    expect(await traces(service.id, agent.id, worker.id)).toEqual(NOTHING);
    expect(await ledgerBalance(ledgerAccount.requesterFunding('test', requester.id))).toBe(0);
  });

  it('left out (older clients): books at the current price', async () => {
    const { requester } = await fundedParties();
    const { worker, service } = await workerWithService();
    await setPrice(service, worker, 4_000);
    const res = await book(service.id, requester.token, { startsAt: hoursFromNow(24) });
    expect(res.status, res.text).toBe(201);
    expect(res.json.data.budgetCents).toBe(4_000);
  });

  it.each([
    ['a fraction', 3_500.5, 'Must be a whole number of cents'],
    ['negative', -1, 'Must be 0 or more'],
    ['a string', '3500', 'Invalid input: expected number, received string'],
    ['null', null, 'Invalid input: expected number, received null'],
  ])('%s: 400 VALIDATION_ERROR naming it, nothing stored', async (_, expectedPriceCents, message) => {
    const { requester } = await fundedParties();
    const { worker, service } = await workerWithService();
    const res = await book(service.id, requester.token, { startsAt: hoursFromNow(24), expectedPriceCents });
    expect(res.status, res.text).toBe(400);
    expect(res.json.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      issues: [{ path: ['expectedPriceCents'], message }],
    });
    expect(await traces(service.id, requester.id, worker.id)).toEqual(NOTHING);
  });

  it('a price change never touches a booking made: its budget, escrow and payout stay at the old price', async () => {
    const { requester } = await fundedParties();
    const { worker, service } = await workerWithService();
    const res = await book(service.id, requester.token, { startsAt: hoursFromNow(24), expectedPriceCents: PRICE });
    expect(res.status, res.text).toBe(201);
    const taskId = res.json.data.id;
    await setPrice(service, worker, 9_000);
    const { db } = await getDatabase();
    const [row] = await db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(row).toMatchObject({ budgetCents: PRICE, totalCents: 4_025 });
    expect(await escrowBalance(taskId)).toBe(4_025);
    await moveSlot(taskId, new Date(Date.now() - 60_000));
    expect((await callAction('submit', taskId, worker.token)).status).toBe(200);
    const approved = await callAction('approve', taskId, requester.token);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.data).toMatchObject({ status: 'completed', budgetCents: PRICE });
    expect(await transferRows(taskId)).toEqual([expect.objectContaining({ amountCents: PRICE })]);
    expect(await chargeRows(taskId)).toEqual([expect.objectContaining({ amountCents: 4_025, refundedCents: 0 })]);
  });

  it('a price change racing a booking: the booking is charged the price it checked, or refused', async () => {
    const { requester } = await fundedParties();
    const { worker, service } = await workerWithService();
    const [res] = await Promise.all([
      book(service.id, requester.token, { startsAt: hoursFromNow(24), expectedPriceCents: PRICE }),
      setPrice(service, worker, 6_000),
    ]);
    if (res.status === 201) {
      expect(res.json.data).toMatchObject({ budgetCents: PRICE, totalCents: 4_025 });
      expect(await chargeRows(res.json.data.id)).toEqual([expect.objectContaining({ amountCents: 4_025 })]);
    } else {
      expect(res.json.error).toMatchObject({ code: 'PRICE_CHANGED', details: { currentPriceCents: 6_000 } });
      expect(await traces(service.id, requester.id, worker.id)).toEqual(NOTHING);
    }
  });
});
