import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { workerAvailabilityExceptions, workerAvailabilityRules, workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { SetAvailabilityInput } from '@/lib/schemas/worker-availability';
import { hhmm } from '@/lib/workers/hhmm';

// The profile row is locked first, so two concurrent replacements do not interleave their deletes and inserts.
export async function setAvailability(db: Db, userId: string, input: SetAvailabilityInput) {
  const { timeZone } = input;
  const exceptions = input.exceptions ?? [];
  await db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ id: workerProfiles.id })
      .from(workerProfiles)
      .where(eq(workerProfiles.userId, userId))
      .for('update');
    if (!profile) throw new ApiError('NOT_FOUND', { hint: 'Create your worker profile with POST /v1/workers first.' });
    const workerId = profile.id;
    await tx.delete(workerAvailabilityRules).where(eq(workerAvailabilityRules.workerId, workerId));
    await tx.delete(workerAvailabilityExceptions).where(eq(workerAvailabilityExceptions.workerId, workerId));
    if (input.weekly.length > 0) {
      await tx.insert(workerAvailabilityRules).values(
        input.weekly.map((window) => ({
          workerId,
          dayOfWeek: window.dayOfWeek,
          startMinute: window.start,
          endMinute: window.end,
          timeZone,
        })),
      );
    }
    if (exceptions.length > 0) {
      await tx.insert(workerAvailabilityExceptions).values(
        exceptions.map((exception) => ({
          workerId,
          date: exception.date,
          available: exception.available,
          startMinute: exception.start ?? null,
          endMinute: exception.end ?? null,
          timeZone,
        })),
      );
    }
  });
  return {
    timeZone,
    weekly: [...input.weekly]
      .sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.start - b.start)
      .map((window) => ({ dayOfWeek: window.dayOfWeek, start: hhmm(window.start), end: hhmm(window.end) })),
    exceptions: [...exceptions]
      .sort((a, b) => a.date.localeCompare(b.date) || (a.start ?? -1) - (b.start ?? -1))
      .map((exception) => ({
        date: exception.date,
        available: exception.available,
        start: exception.start === undefined ? null : hhmm(exception.start),
        end: exception.end === undefined ? null : hhmm(exception.end),
      })),
  };
}
