import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { tasks, workerProfiles } from '@/db/schema';
import { setAvailabilityBody } from '@/lib/schemas/worker-availability';
import { setAvailability } from '@/lib/services/workers/set-availability';
import { withoutStripe } from '@/test/payments';
import { book, workerWithService } from '@/test/services';
import { fundedParties } from '@/test/tasks';
import { listFreeSlots } from './list-free-slots';

withoutStripe();

const DAY = 86_400_000;
/** Midnight UTC two days on, so every slot of that day is bookable. */
const dayAfterTomorrow = () => new Date(Math.floor(Date.now() / DAY) * DAY + 2 * DAY);
const LEAD = 30 * 60_000;
const EVERY_DAY_9_TO_12 = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, start: '09:00', end: '12:00' }));

async function publishHours(userId: string) {
  const { db } = await getDatabase();
  await setAvailability(db, userId, setAvailabilityBody.parse({ timeZone: 'UTC', weekly: EVERY_DAY_9_TO_12 }));
}

describe('listFreeSlots', () => {
  it('offers the slots of the service’s length inside the hours, without those a booking holds', async () => {
    const { requester } = await fundedParties();
    const { worker, service } = await workerWithService();
    await publishHours(worker.id);
    const { db } = await getDatabase();
    const day = dayAfterTomorrow();
    const options = { serviceId: service.id, userId: requester.id, from: new Date(day.getTime() - LEAD), days: 1 };
    const hour = (h: number, m = 0) => new Date(day.getTime() + (h * 60 + m) * 60_000).toISOString();

    const before = await listFreeSlots(db, { ...options, livemode: false });
    expect(before).toMatchObject({ timeZone: 'UTC', hasHours: true, takingTasks: true, durationMinutes: 60 });
    expect(before.slots).toEqual([hour(9), hour(9, 30), hour(10), hour(10, 30), hour(11)]);

    const booked = await book(service.id, requester.token, { startsAt: hour(10) });
    expect(booked.status, booked.text).toBe(201);
    const [task] = await db.select().from(tasks).where(eq(tasks.serviceId, service.id));
    const livemode = task?.livemode ?? false;
    expect((await listFreeSlots(db, { ...options, livemode })).slots).toEqual([hour(9), hour(11)]);
    // A booking in the other mode holds nothing in this one, as in holdSlot.
    expect((await listFreeSlots(db, { ...options, livemode: !livemode })).slots).toHaveLength(5);
  });

  it('is empty, and says why, without published hours or while the worker takes no tasks', async () => {
    const { requester } = await fundedParties();
    const { worker, service } = await workerWithService();
    const { db } = await getDatabase();
    const options = { serviceId: service.id, userId: requester.id, livemode: false };
    expect(await listFreeSlots(db, options)).toMatchObject({ hasHours: false, timeZone: null, slots: [] });

    await publishHours(worker.id);
    expect((await listFreeSlots(db, options)).slots.length).toBeGreaterThan(0);
    await db.update(workerProfiles).set({ isAvailable: false }).where(eq(workerProfiles.userId, worker.id));
    expect(await listFreeSlots(db, options)).toMatchObject({ hasHours: true, takingTasks: false, slots: [] });
  });

  it('answers NOT_FOUND for a service the viewer may not see', async () => {
    const { requester } = await fundedParties();
    const { service } = await workerWithService({ listed: false });
    const { db } = await getDatabase();
    await expect(
      listFreeSlots(db, { serviceId: service.id, userId: requester.id, livemode: false }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
