import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { type WorkerProfile, workerAvailabilityExceptions, workerAvailabilityRules } from '@/db/schema';
import { toWorkerProfile } from '@/lib/services/workers/to-worker-profile';
import { coarseDegrees } from '@/lib/workers/coarse-position';
import { insertApiKey, insertUser } from '@/test/factories';
import { call } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import {
  gridNorth,
  gridPoint,
  haversineMeters,
  insertListedCrowd,
  insertListedWorker,
  oceanPoint,
  offset,
  type Point,
} from '@/test/worker-search';
import { GET } from './route';

const search = (token: string, at: Point, extra: Record<string, string> = {}) =>
  call(GET, '/v1/workers', { token, query: { lat: String(at.lat), lng: String(at.lng), ...extra } });

/** A profile as anyone but its owner sees it. */
const asStranger = (row: WorkerProfile) => toWorkerProfile(row, randomUUID());

const ids = (res: { json: { data: { id: string }[] } }) => res.json.data.map((item) => item.id);

async function agentKey() {
  const { db } = await getDatabase();
  const user = await insertUser(db, { type: 'agent', email: null });
  return (await insertApiKey(db, { userId: user.id, scopes: ['workers:read'] })).key;
}

describe('GET /v1/workers?lat&lng (geo search)', () => {
  it('returns listed workers in the radius, nearest first when all else is equal, with distances to 100 m', async () => {
    const key = await agentKey();
    // On the 0.01° grid, so the public positions are the stored ones; 0.01° of latitude is 1,111.95 m.
    const centre = gridPoint();
    const near = await insertListedWorker(gridNorth(centre, 1));
    const middle = await insertListedWorker(gridNorth(centre, -2));
    const far = await insertListedWorker(gridNorth(centre, 4));
    await insertListedWorker(gridNorth(centre, -5)); // 5,560 m: outside the 5 km radius
    await insertListedWorker(centre, { isListed: false });

    const res = await search(key, centre, { radiusMeters: '5000' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.nextCursor).toBeNull();
    expect(res.json.hasMore).toBe(false);
    expect(ids(res)).toEqual([near.id, middle.id, far.id]);
    for (const [index, [row, meters]] of (
      [
        [near, 1_100],
        [middle, 2_200],
        [far, 4_400],
      ] as const
    ).entries()) {
      const item = res.json.data[index];
      expect(item.matchScore).toBeGreaterThanOrEqual(0);
      expect(item.matchScore).toBeLessThanOrEqual(1);
      expect(item).toEqual({ ...asStranger(row), distanceMeters: meters, matchScore: item.matchScore });
    }
    // 0.35 × (1 − 1100/5000) + 0.25 (no skills asked) + 0.2 × 0.6 (unrated) + 0.1 (no availableAt) + 0 (tier 0)
    expect(res.json.data[0].matchScore).toBe(0.743);
  });

  it('defaults to a 25 km radius and honours limit', async () => {
    const key = await agentKey();
    const centre = oceanPoint();
    const inside = [];
    for (const meters of [1_000, 8_000, 16_000, 24_000]) inside.push(await insertListedWorker(offset(centre, meters)));
    await insertListedWorker(offset(centre, -26_000));
    expect(ids(await search(key, centre))).toEqual(inside.map((row) => row.id));
    expect(ids(await search(key, centre, { limit: '2' }))).toEqual(inside.slice(0, 2).map((row) => row.id));
  });

  it('scores skill overlap (case-insensitive), rating and verification, and filters by minRating', async () => {
    const key = await agentKey();
    const centre = gridPoint();
    const plain = await insertListedWorker(centre, { skills: ['delivery'] });
    const skilled = await insertListedWorker(gridNorth(centre, 1), { skills: ['Photography', 'Driving'] });
    const rated = await insertListedWorker(gridNorth(centre, -1), { skills: null, averageRating: '5.00' });
    const verified = await insertListedWorker(gridNorth(centre, 2), { averageRating: '3.00', verificationTier: 1 });

    const res = await search(key, centre, { radiusMeters: '10000', skills: 'photography, driving ,PHOTOGRAPHY' });
    const score = (id: string) => res.json.data.find((item: { id: string }) => item.id === id).matchScore;
    const distance = (meters: number) => 0.35 * (1 - meters / 10_000);
    expect(score(plain.id)).toBeCloseTo(distance(0) + 0 + 0.12 + 0.1, 4);
    expect(score(skilled.id)).toBeCloseTo(distance(1_100) + 0.25 + 0.12 + 0.1, 4);
    expect(score(rated.id)).toBeCloseTo(distance(1_100) + 0 + 0.2 + 0.1, 4);
    expect(score(verified.id)).toBeCloseTo(distance(2_200) + 0 + 0.12 + 0.1 + 0.1, 4);
    expect(ids(res)).toEqual([skilled.id, rated.id, verified.id, plain.id]);

    const half = await search(key, centre, { radiusMeters: '10000', skills: 'driving,cooking' });
    expect(half.json.data[0]).toMatchObject({ id: skilled.id });
    expect(half.json.data[0].matchScore).toBeCloseTo(distance(1_100) + 0.125 + 0.12 + 0.1, 4);

    const good = await search(key, centre, { radiusMeters: '10000', minRating: '3' });
    expect(ids(good)).toEqual([rated.id, verified.id]);
    expect(ids(await search(key, centre, { radiusMeters: '10000', minRating: '4.5' }))).toEqual([rated.id]);
  });

  it('scores availability at availableAt from the weekly rules and the exceptions, in the worker’s time zone', async () => {
    const { db } = await getDatabase();
    const key = await agentKey();
    const centre = oceanPoint();
    // 2030-01-07 is a Monday; 10:00 in Auckland (UTC+13 in January) is 2030-01-06T21:00Z.
    const at = '2030-01-06T21:00:00Z';
    const tz = 'Pacific/Auckland';
    const scheduled = await insertListedWorker(offset(centre, 100));
    const offToday = await insertListedWorker(offset(centre, 150));
    const extraDay = await insertListedWorker(offset(centre, 200));
    const otherHours = await insertListedWorker(offset(centre, 250));
    const noSchedule = await insertListedWorker(offset(centre, 300));
    const paused = await insertListedWorker(offset(centre, 350), { isAvailable: false });
    const monday9to17 = { dayOfWeek: 1, startMinute: 540, endMinute: 1_020, timeZone: tz };
    await db.insert(workerAvailabilityRules).values([
      { workerId: scheduled.id, ...monday9to17 },
      { workerId: offToday.id, ...monday9to17 },
      { workerId: otherHours.id, ...monday9to17, startMinute: 660 },
      { workerId: extraDay.id, ...monday9to17, dayOfWeek: 2 },
      { workerId: paused.id, ...monday9to17 },
    ]);
    await db.insert(workerAvailabilityExceptions).values([
      { workerId: offToday.id, date: '2030-01-07', available: false, timeZone: tz },
      { workerId: extraDay.id, date: '2030-01-07', available: true, startMinute: 570, endMinute: 630, timeZone: tz },
    ]);

    const res = await search(key, centre, { radiusMeters: '2000', availableAt: at });
    expect(res.status, res.text).toBe(200);
    const term = (id: string) => {
      const item = res.json.data.find((row: { id: string }) => row.id === id);
      return Math.round((item.matchScore - 0.35 * (1 - item.distanceMeters / 2000) - 0.37) * 100) / 10 + 0;
    };
    expect(term(scheduled.id)).toBe(1);
    expect(term(offToday.id)).toBe(0);
    expect(term(extraDay.id)).toBe(1);
    expect(term(otherHours.id)).toBe(0);
    expect(term(noSchedule.id)).toBe(0.5);
    expect(term(paused.id)).toBe(0);
    // Not asked: full marks for everyone.
    const unasked = await search(key, centre, { radiusMeters: '2000' });
    expect(
      unasked.json.data.every(
        (item: { matchScore: number; distanceMeters: number }) =>
          Math.abs(item.matchScore - 0.35 * (1 - item.distanceMeters / 2000) - 0.47) < 0.001,
      ),
    ).toBe(true);
  });

  it('finds workers across the antimeridian, from either side, measured from their public position', async () => {
    const key = await agentKey();
    const west = { lat: oceanPoint().lat, lng: 179.99 }; // 179.99° E, ~700 m west of the antimeridian
    const eastOf = offset(west, 0, 2_000); // ~1,300 m past it: longitude beyond 180, folded back below
    const east = { lat: eastOf.lat, lng: eastOf.lng - 360 };
    const worker = await insertListedWorker(east);
    // More workers than the candidate scan takes, 6 km west (outside the radius): on the Mercator plane they
    // are all nearer than the worker 360° of longitude away, so only the scan from the shifted centre finds it.
    await insertListedCrowd(offset(west, 0, -6_000), 300);
    const fromWest = await search(key, west, { radiusMeters: '5000' });
    expect(ids(fromWest)).toContain(worker.id);
    const item = fromWest.json.data.find((row: { id: string }) => row.id === worker.id);
    const shown = { lat: coarseDegrees(east.lat), lng: coarseDegrees(east.lng) };
    expect(item.location).toMatchObject(shown);
    expect(item.distanceMeters % 100).toBe(0);
    expect(Math.abs(item.distanceMeters - haversineMeters(west, shown))).toBeLessThanOrEqual(51);

    const neighbour = await insertListedWorker(west);
    const fromEast = await search(key, east, { radiusMeters: '5000' });
    expect(ids(fromEast)).toEqual([worker.id, neighbour.id]);
    expect(ids(await search(key, west, { radiusMeters: '1000' }))).toEqual([neighbour.id]);
  });

  it('answers a session caller too, and an empty list far from anyone', async () => {
    const { token } = await signUpViaApi('seeker');
    const centre = oceanPoint();
    const worker = await insertListedWorker(offset(centre, 50));
    expect(ids(await search(token, centre, { radiusMeters: '1000' }))).toEqual([worker.id]);
    const empty = await search(token, offset(centre, 3_000), { radiusMeters: '1000' });
    expect(empty.json).toEqual({ data: [], nextCursor: null, hasMore: false });
  });
});

describe('GET /v1/workers (list)', () => {
  it('pages through listed workers newest first, their positions to 0.01°, and never shows unlisted ones', async () => {
    const key = await agentKey();
    const centre = oceanPoint();
    const hidden = await insertListedWorker(centre, { isListed: false });
    const shown = await insertListedWorker(centre);
    const seen = new Set<string>();
    let cursor: string | undefined;
    let pages = 0;
    let previous: string | undefined;
    do {
      const res = await call(GET, '/v1/workers', {
        token: key,
        query: { limit: '100', ...(cursor ? { cursor } : {}) },
      });
      expect(res.status, res.text).toBe(200);
      for (const item of res.json.data) {
        expect(item.isListed).toBe(true);
        expect(item.distanceMeters).toBeUndefined();
        if (item.location) {
          expect(item.location.lat).toBe(coarseDegrees(item.location.lat));
          expect(item.location.lng).toBe(coarseDegrees(item.location.lng));
        }
        expect(seen.has(item.id)).toBe(false);
        if (previous) expect(item.createdAt <= previous).toBe(true);
        previous = item.createdAt;
        seen.add(item.id);
      }
      expect(res.json.hasMore).toBe(res.json.nextCursor !== null);
      cursor = res.json.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 50);
    expect(seen.has(hidden.id)).toBe(false);
    expect(seen.has(shown.id)).toBe(true);
  });

  it('pages with limit and cursor without skipping or repeating', async () => {
    const key = await agentKey();
    const centre = oceanPoint();
    for (let index = 0; index < 3; index++) await insertListedWorker(offset(centre, index * 10));
    const first = await call(GET, '/v1/workers', { token: key, query: { limit: '2' } });
    expect(first.json.data).toHaveLength(2);
    expect(first.json.hasMore).toBe(true);
    const second = await call(GET, '/v1/workers', { token: key, query: { limit: '2', cursor: first.json.nextCursor } });
    expect(second.status).toBe(200);
    const firstIds = ids(first);
    for (const id of ids(second)) expect(firstIds).not.toContain(id);
  });
});
