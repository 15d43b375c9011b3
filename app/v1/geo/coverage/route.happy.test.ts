import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { workerAvailabilityExceptions, workerAvailabilityRules } from '@/db/schema';
import { EMPTY_COVERAGE, insertPastTasks, quoteKey } from '@/test/coverage';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { insertListedWorker, oceanPoint, offset, type Point } from '@/test/worker-search';
import { GET } from './route';

const quote = async (at: Point, extra: Record<string, string> = {}, token?: string) =>
  call(GET, '/v1/geo/coverage', {
    token: token ?? (await quoteKey()),
    ip: uniqueIp(),
    query: { lat: String(at.lat), lng: String(at.lng), ...extra },
  });

describe('GET /v1/geo/coverage: history', () => {
  it('gives the medians of the nearby accepted tasks of the last 90 days, of the category asked', async () => {
    const centre = oceanPoint();
    // Seven delivery tasks within 3 km, accepted after 10 … 70 minutes: median 40. Five were completed, with
    // budgets 1,000 … 5,000 cents: median 3,000; the two still accepted or cancelled have other budgets.
    await insertPastTasks([
      { at: offset(centre, 1_000), acceptedAfterMinutes: 10, budgetCents: 1_000 },
      { at: offset(centre, -2_000), acceptedAfterMinutes: 20, budgetCents: 2_000 },
      { at: offset(centre, 0, 2_500), acceptedAfterMinutes: 30, budgetCents: 3_000 },
      { at: offset(centre, 500, 500), acceptedAfterMinutes: 40, budgetCents: 4_000 },
      { at: offset(centre, -2_900), acceptedAfterMinutes: 50, budgetCents: 5_000 },
      { at: offset(centre, 100), acceptedAfterMinutes: 60, budgetCents: 90_000, status: 'accepted' },
      { at: offset(centre, 200), acceptedAfterMinutes: 70, budgetCents: 90_000, status: 'cancelled' },
    ]);
    // Left out: beyond the radius, older than 90 days, another category, never accepted, a service booking.
    await insertPastTasks([
      { at: offset(centre, 3_200), acceptedAfterMinutes: 1 },
      { at: offset(centre, 0, -3_500), acceptedAfterMinutes: 1 },
      { at: offset(centre, 1_000), postedDaysAgo: 91, acceptedAfterMinutes: 1 },
      { at: offset(centre, 1_000), category: 'photography', acceptedAfterMinutes: 1, budgetCents: 100 },
      { at: offset(centre, 1_000), acceptedAfterMinutes: null, budgetCents: 100 },
      { at: offset(centre, 1_000), acceptedAfterMinutes: 0, budgetCents: 100, serviceBooking: true },
    ]);

    const res = await quote(centre, { radiusMeters: '3000', category: 'delivery' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual({
      listedWorkers: 0,
      availableNow: 0,
      matchingSkills: 0,
      medianMinutesToAccept: 40,
      // 80% were accepted within 58 minutes (10 … 70, interpolated), rounded up to 5.
      suggestedAcceptWithinMinutes: 60,
      recommendedBudgetCents: 3_000,
      confidence: 'medium',
      sampleSize: 7,
    });

    // Without a category, the photography task joins the sample (accepted after 1 minute, budget 100).
    const all = await quote(centre, { radiusMeters: '3000' });
    expect(all.json.data).toMatchObject({
      medianMinutesToAccept: 35,
      suggestedAcceptWithinMinutes: 60,
      recommendedBudgetCents: 2_500,
      sampleSize: 8,
      confidence: 'medium',
    });
  });

  it('gives no medians below five tasks, and low confidence', async () => {
    const centre = oceanPoint();
    await insertPastTasks([
      { at: offset(centre, 500), acceptedAfterMinutes: 10 },
      { at: offset(centre, 600), acceptedAfterMinutes: 20 },
      { at: offset(centre, 700), acceptedAfterMinutes: 30 },
      { at: offset(centre, 800), acceptedAfterMinutes: 40 },
    ]);
    const res = await quote(centre);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual({ ...EMPTY_COVERAGE, sampleSize: 4 });
  });

  it('gives the time to accept but no budget when fewer than five of the sample were completed', async () => {
    const centre = oceanPoint();
    await insertPastTasks(
      [10, 20, 30, 40, 50].map((minutes, i) => ({
        at: offset(centre, 100 * i),
        acceptedAfterMinutes: minutes,
        status: i === 0 ? ('accepted' as const) : ('completed' as const),
      })),
    );
    const res = await quote(centre);
    expect(res.json.data).toMatchObject({
      medianMinutesToAccept: 30,
      suggestedAcceptWithinMinutes: 45,
      recommendedBudgetCents: null,
      sampleSize: 5,
      confidence: 'medium',
    });
  });

  it('is high confidence from 30 tasks, and takes the nearest 200 at most', async () => {
    const centre = oceanPoint();
    await insertPastTasks(Array.from({ length: 230 }, (_, i) => ({ at: offset(centre, 10 * i) })));
    const res = await quote(centre, { radiusMeters: '5000' });
    expect(res.json.data).toMatchObject({ sampleSize: 200, confidence: 'high', medianMinutesToAccept: 30 });
  });
});

describe('GET /v1/geo/coverage: workers', () => {
  it('counts listed workers in the radius, those available now and those with every skill asked', async () => {
    const centre = oceanPoint();
    const at = (metersNorth: number) => offset(centre, metersNorth);
    await insertListedWorker(at(1_000), { skills: ['Delivery', 'car'] }); // available: no schedule
    await insertListedWorker(at(2_000), { skills: ['delivery'] });
    await insertListedWorker(at(-3_000), { skills: ['car', 'delivery', 'english'], isAvailable: false });
    const scheduled = await insertListedWorker(at(500), { skills: ['car'] });
    await insertListedWorker(at(100), { skills: ['delivery', 'car'], isListed: false }); // unlisted
    await insertListedWorker(at(9_000), { skills: ['delivery', 'car'] }); // outside 5 km
    // A weekly window that excludes now: today, in another part of the day, in UTC.
    const now = new Date();
    const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
    const window = minute < 720 ? { startMinute: 780, endMinute: 1_380 } : { startMinute: 0, endMinute: 600 };
    const { db } = await getDatabase();
    await db
      .insert(workerAvailabilityRules)
      .values({ workerId: scheduled.id, dayOfWeek: now.getUTCDay(), timeZone: 'UTC', ...window });

    // Exceptions on today's date win over the weekly rules: a day off, and a day on despite the rules.
    const dayOff = await insertListedWorker(at(700), { skills: [] });
    const dayOn = await insertListedWorker(at(800), { skills: null });
    await db
      .insert(workerAvailabilityRules)
      .values({ workerId: dayOn.id, dayOfWeek: now.getUTCDay(), timeZone: 'UTC', ...window });
    const today = now.toISOString().slice(0, 10);
    await db.insert(workerAvailabilityExceptions).values([
      { workerId: dayOff.id, date: today, available: false, timeZone: 'UTC' },
      { workerId: dayOn.id, date: today, available: true, timeZone: 'UTC' },
    ]);

    const res = await quote(centre, { radiusMeters: '5000', skills: 'car, DELIVERY' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ listedWorkers: 6, availableNow: 3, matchingSkills: 2 });

    const noSkills = await quote(centre, { radiusMeters: '5000' });
    expect(noSkills.json.data).toMatchObject({ listedWorkers: 6, availableNow: 3, matchingSkills: 6 });
  });

  it('answers a session too, and an empty place with zeros', async () => {
    const person = await signUpViaApi('requester');
    const res = await quote(oceanPoint(), {}, person.token);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual(EMPTY_COVERAGE);
  });

  it('reaches across the antimeridian', async () => {
    const centre = { lat: -20 - Math.random() * 10, lng: 179.99 };
    await insertListedWorker({ lat: centre.lat, lng: -179.99 });
    await insertPastTasks(Array.from({ length: 5 }, () => ({ at: { lat: centre.lat, lng: -179.995 } })));
    const res = await quote(centre, { radiusMeters: '5000' });
    expect(res.json.data).toMatchObject({ listedWorkers: 1, sampleSize: 5, medianMinutesToAccept: 30 });
  });
});
