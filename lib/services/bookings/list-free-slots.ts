import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import { readService } from '@/lib/services/services/read-service';
import { freeSlots } from '@/lib/workers/free-slots';
import { loadWorkerSchedules } from './load-worker-schedules';

export type ListFreeSlotsOptions = {
  serviceId: string;
  /** The viewer: another worker's service is visible only while active and listed (readService). */
  userId: string;
  /** Only bookings of this mode hold a slot, as in holdSlot. */
  livemode: boolean;
  from?: Date;
  days?: number;
};

/** Booking needs a moment to be paid for: a slot starting sooner would be in the past by then. */
const LEAD_MS = 30 * 60_000;
const DAY_MS = 86_400_000;

// Only published hours give slots: holdSlot lets a worker without any schedule be booked at any time, but a picker
// cannot offer "any time", so the page says the worker has not set their hours instead.
export async function listFreeSlots(db: Executor, options: ListFreeSlotsOptions) {
  const { service } = await readService(db, { serviceId: options.serviceId, userId: options.userId });
  const [profile] = await db
    .select({ id: workerProfiles.id, isAvailable: workerProfiles.isAvailable })
    .from(workerProfiles)
    .where(eq(workerProfiles.userId, service.workerId));
  const from = new Date((options.from ?? new Date()).getTime() + LEAD_MS);
  const to = new Date(from.getTime() + (options.days ?? 14) * DAY_MS);
  const schedules = await loadWorkerSchedules(db, {
    workers: profile ? [{ profileId: profile.id, userId: service.workerId }] : [],
    livemode: options.livemode,
    from,
    to,
  });
  const schedule = profile ? schedules.get(profile.id) : undefined;
  const takingTasks = profile?.isAvailable ?? false;
  const slots =
    schedule && takingTasks
      ? freeSlots({ windows: schedule.windows, busy: schedule.busy, durationMinutes: service.durationMinutes, from })
      : [];
  return {
    timeZone: schedule?.timeZone ?? null,
    hasHours: (schedule?.timeZone ?? null) !== null,
    takingTasks,
    durationMinutes: service.durationMinutes,
    slots: slots.map((start) => start.toISOString()),
  };
}
