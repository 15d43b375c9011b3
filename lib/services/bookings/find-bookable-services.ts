import { and, asc, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { services, workerProfiles } from '@/db/schema';
import type { TASK_CATEGORIES } from '@/lib/tasks/task-rules';
import { freeSlots } from '@/lib/workers/free-slots';
import { loadWorkerSchedules } from './load-worker-schedules';

export type FindBookableServicesOptions = {
  lat: number;
  lng: number;
  /** How far a service's area centre may be from the place; remote services are always in. */
  radiusMeters?: number;
  category?: (typeof TASK_CATEGORIES)[number];
  maxPriceCents?: number;
  minRating?: number;
  /** Only services with a free slot in [now, now + days), in the given mode's bookings. */
  freeWithin?: { days: number; livemode: boolean; now?: Date };
  limit?: number;
};

const DAY_MS = 86_400_000;
/** Rows read before the free-slot check drops the busy ones. */
const CANDIDATES = 200;

// The Find help page's search: active services of listed workers near a place, nearest first, remote ones after,
// filtered by what a requester decides on (category, price, rating, a free slot soon).
export async function findBookableServices(db: Executor, options: FindBookableServicesOptions) {
  const { lat, lng, radiusMeters = 50_000, limit = 30 } = options;
  const distance = sql<number | null>`round(2 * 6371008.8 * asin(sqrt(
    power(sin(radians(${services.areaLat} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${services.areaLat}))
      * power(sin(radians(${services.areaLng} - ${lng}::float8) / 2), 2))))`;
  const rows = await db
    .select({
      service: services,
      worker: {
        id: workerProfiles.id,
        userId: workerProfiles.userId,
        displayName: workerProfiles.displayName,
        averageRating: workerProfiles.averageRating,
        completedTasks: workerProfiles.completedTasks,
        isAvailable: workerProfiles.isAvailable,
      },
      distance,
    })
    .from(services)
    .innerJoin(workerProfiles, eq(workerProfiles.userId, services.workerId))
    .where(
      and(
        eq(services.status, 'active'),
        eq(workerProfiles.isListed, true),
        or(isNull(services.areaLat), lte(distance, radiusMeters)),
        options.category ? eq(services.category, options.category) : undefined,
        options.maxPriceCents === undefined ? undefined : lte(services.priceCents, options.maxPriceCents),
        options.minRating === undefined ? undefined : gte(workerProfiles.averageRating, String(options.minRating)),
      ),
    )
    .orderBy(sql`${services.areaLat} is null`, asc(distance), desc(services.createdAt), asc(services.id))
    .limit(options.freeWithin ? CANDIDATES : limit);
  let shown = rows;
  if (options.freeWithin) {
    const from = options.freeWithin.now ?? new Date();
    const to = new Date(from.getTime() + options.freeWithin.days * DAY_MS);
    const workers = [...new Map(rows.map((row) => [row.worker.id, row.worker])).values()];
    const schedules = await loadWorkerSchedules(db, {
      workers: workers.map((worker) => ({ profileId: worker.id, userId: worker.userId })),
      livemode: options.freeWithin.livemode,
      from,
      to,
    });
    shown = rows.filter((row) => {
      const schedule = schedules.get(row.worker.id);
      if (!schedule || !row.worker.isAvailable) return false;
      const { windows, busy } = schedule;
      return freeSlots({ windows, busy, durationMinutes: row.service.durationMinutes, from, max: 1 }).length > 0;
    });
  }
  return shown.slice(0, limit).map(({ service, worker, distance: meters }) => ({
    id: service.id,
    title: service.title,
    category: service.category,
    priceCents: service.priceCents,
    durationMinutes: service.durationMinutes,
    remote: service.areaLat === null,
    distanceMeters: meters === null ? null : Number(meters),
    worker: {
      id: worker.id,
      displayName: worker.displayName,
      averageRating: worker.averageRating === null ? null : Number(worker.averageRating),
      completedTasks: worker.completedTasks,
    },
  }));
}
