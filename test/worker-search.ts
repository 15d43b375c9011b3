import { randomInt } from 'node:crypto';
import { getDatabase } from '@/db/client';
import { users, workerProfiles } from '@/db/schema';
import { coarseDegrees } from '@/lib/workers/coarse-position';
import { insertUser, uniqueEmail } from './factories';
import { insertWorkerProfile } from './workers';

// Geo-search helpers. Each test searches around its own random point of the South Pacific, so test files
// running in parallel against one database never see each other's workers.

export type Point = { lat: number; lng: number };

/** A random point far from land and from other tests' points (two within 10 km: about 1 chance in 10^5). */
export function oceanPoint(): Point {
  return { lat: -60 + randomInt(0, 5_000_000) / 100_000, lng: -170 + randomInt(0, 8_000_000) / 100_000 };
}

/** A random ocean point on the 0.01° grid that public worker positions are rounded to (so they show as is). */
export function gridPoint(): Point {
  const { lat, lng } = oceanPoint();
  return { lat: coarseDegrees(lat), lng: coarseDegrees(lng) };
}

/** The grid point `steps` × 0.01° (about 1,112 m) north (negative: south) of a grid point. */
export function gridNorth(from: Point, steps: number): Point {
  return { lat: coarseDegrees(from.lat + steps / 100), lng: from.lng };
}

/** The point `meters` north (negative: south) and `metersEast` east of `from`, on a 6,371 km sphere. */
export function offset(from: Point, metersNorth: number, metersEast = 0): Point {
  const lat = from.lat + (metersNorth / 6_371_000) * (180 / Math.PI);
  const lng = from.lng + (metersEast / (6_371_000 * Math.cos((lat * Math.PI) / 180))) * (180 / Math.PI);
  return { lat, lng };
}

/** Great-circle distance in metres (haversine, 6,371 km). */
export function haversineMeters(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** A user with a listed worker profile at `at` (unless overridden), skilled in delivery only, no rating, tier 0. */
export async function insertListedWorker(at: Point, overrides: Partial<typeof workerProfiles.$inferInsert> = {}) {
  const { db } = await getDatabase();
  const user = await insertUser(db);
  return insertWorkerProfile(user.id, { skills: ['delivery'], lat: at.lat, lng: at.lng, isListed: true, ...overrides });
}

/** `count` listed workers all at `at` (bulk: two statements), to crowd a search's candidate list. */
export async function insertListedCrowd(at: Point, count: number): Promise<void> {
  const { db } = await getDatabase();
  const people = Array.from({ length: count }, () => ({ email: uniqueEmail('crowd'), name: 'Crowd' }));
  const created = await db.insert(users).values(people).returning({ id: users.id });
  await db
    .insert(workerProfiles)
    .values(created.map(({ id }) => ({ userId: id, skills: ['delivery'], lat: at.lat, lng: at.lng, isListed: true })));
}
