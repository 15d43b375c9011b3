import { inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { tasks, workerAvailabilityExceptions, workerAvailabilityRules } from '@/db/schema';
import type { AvailabilityWindow } from '@/lib/workers/expand-availability';
import { expandAvailability } from '@/lib/workers/expand-availability';
import type { BusySpan } from '@/lib/workers/free-slots';
import { bookingsHolding } from './hold-slot';

export type WorkerRef = { profileId: string; userId: string };

/** A worker's published hours as UTC windows in the range, the bookings holding slots in it, and their zone. */
export type WorkerSchedule = { timeZone: string | null; windows: AvailabilityWindow[]; busy: BusySpan[] };

// Three queries for any number of workers, so a search page checks each result's free slots without a query each.
export async function loadWorkerSchedules(
  db: Executor,
  { workers, livemode, from, to }: { workers: WorkerRef[]; livemode: boolean; from: Date; to: Date },
): Promise<Map<string, WorkerSchedule>> {
  const schedules = new Map<string, WorkerSchedule>();
  if (workers.length === 0) return schedules;
  const profileIds = workers.map((worker) => worker.profileId);
  const [rules, exceptions, bookings] = await Promise.all([
    db.select().from(workerAvailabilityRules).where(inArray(workerAvailabilityRules.workerId, profileIds)),
    db.select().from(workerAvailabilityExceptions).where(inArray(workerAvailabilityExceptions.workerId, profileIds)),
    db
      .select({ workerId: tasks.workerId, startsAt: tasks.startsAt, deadline: tasks.deadline })
      .from(tasks)
      .where(bookingsHolding({ workerUserIds: workers.map((worker) => worker.userId), livemode, from, to })),
  ]);
  for (const { profileId, userId } of workers) {
    const own = rules.filter((rule) => rule.workerId === profileId);
    const ownExceptions = exceptions.filter((exception) => exception.workerId === profileId);
    schedules.set(profileId, {
      timeZone: own[0]?.timeZone ?? ownExceptions[0]?.timeZone ?? null,
      windows: own.length + ownExceptions.length > 0 ? expandAvailability(own, ownExceptions, from, to) : [],
      busy: bookings
        .filter((booking) => booking.workerId === userId && booking.startsAt)
        .map((booking) => ({ start: booking.startsAt as Date, end: booking.deadline })),
    });
  }
  return schedules;
}
