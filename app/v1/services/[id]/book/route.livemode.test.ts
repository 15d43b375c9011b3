import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { charges, emails, notificationEmails, notifications, tasks } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { priceTask } from '@/lib/tasks/task-rules';
import { withEnv } from '@/test/env';
import { envelope } from '@/test/expect';
import { LIVE_DEPLOYMENT, makeLiveWorker } from '@/test/livemode';
import { ledgerBalance, withoutStripe } from '@/test/payments';
import { book, hoursFromNow, workerWithService } from '@/test/services';
import { fundedParties } from '@/test/tasks';

// Test money stays in test mode (docs/payments.md, "Test mode and live workers"): on a deployment with a live
// processor, a `lgw_test_` key cannot book a live worker's service; and a booking's slot is held only against
// bookings of its own mode. Nothing here calls Stripe: the test key books through the built-in test mode.
withoutStripe();

const TOTAL_CENTS = 4_025; // the fixture service's 3,500 + the 15% fee

async function tasksOfService(serviceId: string) {
  const { db } = await getDatabase();
  return db.select().from(tasks).where(eq(tasks.serviceId, serviceId));
}

/** What a refused booking must leave behind for the worker and the payer: nothing. */
async function traces(workerId: string, payerId: string) {
  const { db } = await getDatabase();
  const told = await db.select().from(notifications).where(eq(notifications.userId, workerId));
  const mailed = told.length
    ? await db
        .select()
        .from(notificationEmails)
        .where(eq(notificationEmails.notificationId, told[0]?.id ?? ''))
    : [];
  return {
    charges: await db.select().from(charges).where(eq(charges.userId, payerId)),
    funding: await ledgerBalance(ledgerAccount.requesterFunding('test', payerId)),
    notifications: told,
    notificationEmails: mailed,
  };
}

describe('POST /v1/services/{id}/book — test money and live workers', () => {
  it('a test key booking a live worker on a live deployment: 403 LIVEMODE_MISMATCH, nothing held, charged or sent', async () => {
    const { requester, agent } = await fundedParties();
    const { worker, service } = await workerWithService();
    await makeLiveWorker(worker.id);
    const { db } = await getDatabase();
    const emailsBefore = (await db.select({ id: emails.id }).from(emails)).length;
    await withEnv(LIVE_DEPLOYMENT, async () => {
      const res = await book(service.id, agent.token, { startsAt: hoursFromNow(24) });
      expect(res.status, res.text).toBe(403);
      expect(res.json).toEqual(
        envelope('LIVEMODE_MISMATCH', {
          message: 'A test-mode credential cannot book a live worker',
          details: { serviceId: service.id, workerId: worker.id },
        }),
      );
    });
    expect(await tasksOfService(service.id)).toEqual([]);
    expect(await traces(worker.id, requester.id)).toEqual({
      charges: [],
      funding: 0,
      notifications: [],
      notificationEmails: [],
    });
    expect((await db.select({ id: emails.id }).from(emails)).length).toBe(emailsBefore);
  });

  it('the same test key books a worker who is not live (no live payout account): 201, in test mode', async () => {
    const { agent } = await fundedParties();
    const { worker, service } = await workerWithService();
    await withEnv(LIVE_DEPLOYMENT, async () => {
      const res = await book(service.id, agent.token, { startsAt: hoursFromNow(24) });
      expect(res.status, res.text).toBe(201);
      expect(res.json.data).toMatchObject({ workerId: worker.id, livemode: false, totalCents: TOTAL_CENTS });
    });
  });

  it('on a test deployment (no live processor) the rule does not apply, live payout account or not', async () => {
    const { agent } = await fundedParties();
    const { worker, service } = await workerWithService();
    await makeLiveWorker(worker.id);
    const res = await book(service.id, agent.token, { startsAt: hoursFromNow(24) });
    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toMatchObject({ workerId: worker.id, livemode: false });
  });
});

describe('POST /v1/services/{id}/book — slots by mode', () => {
  /** A booking of `serviceId` in `livemode` holding [startsAt, +1h), inserted as its funding would leave it. */
  async function existingBooking(service: { id: string }, workerId: string, requesterId: string, livemode: boolean) {
    const { db } = await getDatabase();
    const startsAt = new Date(hoursFromNow(48));
    const [task] = await db
      .insert(tasks)
      .values({
        requesterId,
        title: 'An earlier booking',
        category: 'errand',
        ...priceTask(3_500),
        deadline: new Date(startsAt.getTime() + 60 * 60_000),
        status: 'accepted',
        workerId,
        acceptedAt: new Date(),
        serviceId: service.id,
        startsAt,
        livemode,
      })
      .returning();
    return { task, startsAt: startsAt.toISOString() };
  }

  it('a live booking does not hold the slot against a test-mode one: 201', async () => {
    const { requester } = await fundedParties();
    const { worker, service } = await workerWithService();
    const { startsAt } = await existingBooking(service, worker.id, requester.id, true);
    const res = await book(service.id, requester.token, { startsAt });
    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toMatchObject({ livemode: false, startsAt });
  });

  it('a booking of the same mode still does: 409 SLOT_UNAVAILABLE', async () => {
    const { requester } = await fundedParties();
    const { worker, service } = await workerWithService();
    const { startsAt } = await existingBooking(service, worker.id, requester.id, false);
    const res = await book(service.id, requester.token, { startsAt });
    expect(res.status, res.text).toBe(409);
    expect(res.json.error).toMatchObject({ code: 'SLOT_UNAVAILABLE' });
  });
});
