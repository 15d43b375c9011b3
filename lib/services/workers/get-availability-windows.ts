import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { workerAvailabilityExceptions, workerAvailabilityRules, workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { expandAvailability } from '@/lib/workers/expand-availability';

// Same visibility as GET /v1/workers/{id}: any signed-in caller, listed or not (listing governs search only).
export async function getAvailabilityWindows(db: Executor, workerId: string, range: { from: Date; to: Date }) {
  const [profile] = await db
    .select({ id: workerProfiles.id })
    .from(workerProfiles)
    .where(eq(workerProfiles.id, workerId));
  if (!profile) {
    throw new ApiError('NOT_FOUND', { message: 'No such worker', hint: 'Check the id (a worker profile id).' });
  }
  const [rules, exceptions] = await Promise.all([
    db.select().from(workerAvailabilityRules).where(eq(workerAvailabilityRules.workerId, workerId)),
    db.select().from(workerAvailabilityExceptions).where(eq(workerAvailabilityExceptions.workerId, workerId)),
  ]);
  return expandAvailability(rules, exceptions, range.from, range.to).map(({ start, end }) => ({
    start: start.toISOString(),
    end: end.toISOString(),
  }));
}
