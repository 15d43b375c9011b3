import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { setAvailabilityBody } from '@/lib/schemas/worker-availability';
import { setAvailability } from '@/lib/services/workers/set-availability';
import { workerWithService } from '@/test/services';
import { findBookableServices } from './find-bookable-services';

// A place of its own, far from every other test's services, so the nearest rows are this file's.
const PLACE = { lat: -41.2 - Math.random(), lng: 174.7 + Math.random() };
const near = (km: number) => ({ lat: PLACE.lat + km / 111.2, lng: PLACE.lng, radiusMeters: 5_000 });
const ALWAYS = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, start: '00:00', end: '24:00' }));

describe('findBookableServices', () => {
  it('finds services near the place, nearest first, remote after, and applies each filter', async () => {
    const { db } = await getDatabase();
    const title = `Find ${Date.now()}`;
    const close = await workerWithService({ body: { title, area: near(1), category: 'errand', priceCents: 3_000 } });
    const far = await workerWithService({
      body: { title, area: near(20), category: 'photography', priceCents: 9_000 },
    });
    const away = await workerWithService({ body: { title, area: near(400) } });
    const remote = await workerWithService({ body: { title, area: null } });
    await db.update(workerProfiles).set({ averageRating: '4.80' }).where(eq(workerProfiles.id, far.worker.profileId));
    await setAvailability(db, far.worker.id, setAvailabilityBody.parse({ timeZone: 'UTC', weekly: ALWAYS }));
    const ids = async (options: Partial<Parameters<typeof findBookableServices>[1]> = {}) =>
      (await findBookableServices(db, { ...PLACE, limit: 200, ...options }))
        .map((found) => found.id)
        .filter((id) => [close, far, away, remote].some((made) => made.service.id === id));

    const all = await findBookableServices(db, { ...PLACE, limit: 200 });
    expect(all.slice(0, 2).map((found) => found.id)).toEqual([close.service.id, far.service.id]);
    expect(all[0]).toMatchObject({ remote: false, priceCents: 3_000, worker: { id: close.worker.profileId } });
    expect(all[0]?.distanceMeters).toBeGreaterThan(900);
    expect(all[0]?.distanceMeters).toBeLessThan(1_100);
    expect(await ids()).toEqual([close.service.id, far.service.id, remote.service.id]);
    expect(all.find((found) => found.id === remote.service.id)).toMatchObject({ remote: true, distanceMeters: null });

    expect(await ids({ category: 'photography' })).toEqual([far.service.id]);
    expect(await ids({ maxPriceCents: 3_500 })).toEqual([close.service.id, remote.service.id]);
    expect(await ids({ minRating: 4.5 })).toEqual([far.service.id]);
    expect(await ids({ radiusMeters: 10_000 })).toEqual([close.service.id, remote.service.id]);
    expect(await ids({ freeWithin: { days: 7, livemode: false } })).toEqual([far.service.id]);
  });
});
