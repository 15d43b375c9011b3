import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { workerAvailabilityRules, workerProfiles } from '@/db/schema';

/** The zone of a worker's weekly schedule, which their bookings' slots are cut from; null without one. */
export async function workerTimeZone(db: Executor, workerUserId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: workerAvailabilityRules.timeZone })
    .from(workerAvailabilityRules)
    .innerJoin(workerProfiles, eq(workerProfiles.id, workerAvailabilityRules.workerId))
    .where(eq(workerProfiles.userId, workerUserId))
    .limit(1);
  return row?.timeZone ?? null;
}
