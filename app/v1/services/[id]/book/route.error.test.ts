import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DELETE as archiveRoute } from '@/app/v1/services/[id]/route';
import { getDatabase } from '@/db/client';
import { charges, tasks, workerAvailabilityRules } from '@/db/schema';
import { envelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { chargeRows, withoutStripe } from '@/test/payments';
import { AREA, book, hoursFromNow, workerWithService } from '@/test/services';
import { fundedParties } from '@/test/tasks';

withoutStripe();

async function tasksOfService(serviceId: string) {
  const { db } = await getDatabase();
  return db.select().from(tasks).where(eq(tasks.serviceId, serviceId));
}

const SLOT_HINT =
  'Pick another `startsAt`: inside the worker’s availability (GET /v1/workers/{id}/availability) and clear of their other bookings.';

/** The next `weekday` (0 = Sunday) at `hour`:00 UTC, at least a day ahead. */
function nextUtc(weekday: number, hour: number): string {
  const day = new Date(Date.now() + 86_400_000);
  day.setUTCHours(hour, 0, 0, 0);
  while (day.getUTCDay() !== weekday) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString();
}

describe('POST /v1/services/{id}/book — slots', () => {
  it('two bookings of one slot at once: one 201, one 409 SLOT_UNAVAILABLE never charged', async () => {
    const [first, second] = await Promise.all([fundedParties(), fundedParties()]);
    const { service } = await workerWithService();
    const startsAt = hoursFromNow(24);
    const answers = await Promise.all([
      book(service.id, first.requester.token, { startsAt }),
      book(service.id, second.requester.token, { startsAt }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const lost = answers.find((res) => res.status === 409);
    expect(lost?.json.error).toMatchObject({ code: 'SLOT_UNAVAILABLE', hint: SLOT_HINT });
    const booked = await tasksOfService(service.id);
    expect(booked).toHaveLength(1);
    const [winner, loser] = answers[0]?.status === 201 ? [first, second] : [second, first];
    expect(booked[0]?.requesterId).toBe(winner.requester.id);
    const { db } = await getDatabase();
    expect(await db.select().from(charges).where(eq(charges.userId, loser.requester.id))).toEqual([]);
    expect(await db.select().from(charges).where(eq(charges.userId, winner.requester.id))).toHaveLength(1);
  });

  it('overlapping another booking: 409; right after it: 201', async () => {
    const { requester } = await fundedParties();
    const { service } = await workerWithService();
    const startsAt = hoursFromNow(24);
    expect((await book(service.id, requester.token, { startsAt })).status).toBe(201);
    const halfway = new Date(Date.parse(startsAt) + 30 * 60_000).toISOString();
    const clash = await book(service.id, requester.token, { startsAt: halfway });
    expect(clash.status, clash.text).toBe(409);
    expect(clash.json).toEqual(
      envelope('SLOT_UNAVAILABLE', {
        message: 'The worker is not free for this slot: it overlaps another of their bookings',
        hint: SLOT_HINT,
        details: { startsAt: halfway, endsAt: new Date(Date.parse(halfway) + 3_600_000).toISOString() },
      }),
    );
    const after = new Date(Date.parse(startsAt) + 60 * 60_000).toISOString();
    expect((await book(service.id, requester.token, { startsAt: after })).status).toBe(201);
    expect(await tasksOfService(service.id)).toHaveLength(2);
  });

  it('outside the worker’s availability windows: 409; inside: 201', async () => {
    const { requester } = await fundedParties();
    const { worker, service } = await workerWithService();
    const { db } = await getDatabase();
    // Mondays 09:00–12:00 UTC.
    await db
      .insert(workerAvailabilityRules)
      .values({ workerId: worker.profileId, dayOfWeek: 1, startMinute: 540, endMinute: 720, timeZone: 'UTC' });
    // 11:30–12:30 runs past the window's end.
    const lateAt = new Date(Date.parse(nextUtc(1, 11)) + 30 * 60_000).toISOString();
    const late = await book(service.id, requester.token, { startsAt: lateAt });
    expect(late.status, late.text).toBe(409);
    expect(late.json.error).toMatchObject({
      code: 'SLOT_UNAVAILABLE',
      message: 'The worker is not free for this slot: it is outside their availability',
      details: { startsAt: lateAt },
    });
    expect((await book(service.id, requester.token, { startsAt: nextUtc(2, 10) })).status).toBe(409);
    expect((await book(service.id, requester.token, { startsAt: nextUtc(1, 10) })).status).toBe(201);
  });
});

describe('POST /v1/services/{id}/book — bad input changes nothing', () => {
  const paths = (res: { json: { error: { issues?: { path: (string | number)[] }[] } } }) =>
    (res.json.error.issues ?? []).map((issue) => issue.path.join('.'));

  it.each([
    ['startsAt', () => ({ startsAt: new Date(Date.now() - 60_000).toISOString() }), 'Must be in the future'],
    ['startsAt', () => ({ startsAt: hoursFromNow(91 * 24) }), 'Must be at most 90 days ahead'],
    [
      'instructions',
      () => ({ startsAt: hoursFromNow(24), instructions: 'x'.repeat(2_001) }),
      'Must be at most 2000 characters',
    ],
    [
      'location',
      () => ({ startsAt: hoursFromNow(24), location: { lat: AREA.lat + 0.1, lng: AREA.lng } }),
      expect.stringMatching(/^Must lie inside the service’s area/),
    ],
  ])('%s: 400 VALIDATION_ERROR naming it', async (path, body, message) => {
    const { requester } = await fundedParties();
    const { service } = await workerWithService();
    const res = await book(service.id, requester.token, body());
    expect(res.status, res.text).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
    expect(paths(res)).toEqual([path]);
    expect(res.json.error.issues[0].message).toEqual(message);
    expect(await tasksOfService(service.id)).toEqual([]);
    expect(await chargeRows(service.id)).toEqual([]);
  });

  it('a location for a remote service: 400', async () => {
    const { requester } = await fundedParties();
    const { service } = await workerWithService({ body: { area: null } });
    const res = await book(service.id, requester.token, { startsAt: hoursFromNow(24), location: AREA_POINT });
    expect(res.status, res.text).toBe(400);
    expect(paths(res)).toEqual(['location']);
  });

  it('a remote service books without a location', async () => {
    const { requester } = await fundedParties();
    const { service } = await workerWithService({ body: { area: null } });
    const res = await book(service.id, requester.token, { startsAt: hoursFromNow(24) });
    expect(res.status, res.text).toBe(201);
    expect(res.json.data.location).toBeNull();
  });

  it('an archived service: 409 CONFLICT', async () => {
    const { requester } = await fundedParties();
    const { worker, service } = await workerWithService();
    await call(archiveRoute, `/v1/services/${service.id}`, {
      token: worker.token,
      params: { id: service.id },
      ip: uniqueIp(),
    });
    const res = await book(service.id, requester.token, { startsAt: hoursFromNow(24) });
    expect(res.status, res.text).toBe(409);
    expect(res.json).toEqual(
      envelope('CONFLICT', {
        message: 'This service is archived and cannot be booked',
        hint: 'Find the worker’s active services with GET /v1/workers/{id}/services.',
      }),
    );
    expect(await tasksOfService(service.id)).toEqual([]);
  });

  it('one’s own service: 403', async () => {
    const { worker, service } = await workerWithService();
    const res = await book(service.id, worker.token, { startsAt: hoursFromNow(24) });
    expect(res.status, res.text).toBe(403);
    expect(res.json).toEqual(
      envelope('FORBIDDEN', {
        message: 'You cannot book your own service',
        hint: 'Services are booked by requesters other than the worker who offers them.',
      }),
    );
    expect(await tasksOfService(service.id)).toEqual([]);
  });

  it('an unlisted worker’s service: 404', async () => {
    const { requester } = await fundedParties();
    const { service } = await workerWithService({ listed: false });
    const res = await book(service.id, requester.token, { startsAt: hoursFromNow(24) });
    expect(res.status, res.text).toBe(404);
  });
});

const AREA_POINT = { lat: AREA.lat, lng: AREA.lng };
