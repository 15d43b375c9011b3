import { and, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { services, tasks, workerAvailabilityExceptions, workerAvailabilityRules, workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { expandAvailability } from '@/lib/workers/expand-availability';

export type HoldSlotOptions = {
  serviceId: string;
  workerUserId: string;
  startsAt: Date;
  endsAt: Date;
  /** A test booking never blocks a live one. */
  livemode: boolean;
};

/** A draft is one being paid for. */
const HOLDING = ['draft', 'posted', 'accepted', 'submitted', 'disputed'] as const;
/** Older than this, a booking draft's request died mid-payment. */
const STALE_DRAFT = sql`now() - interval '15 minutes'`;

/**
 * The bookings of these workers that hold a slot overlapping [from, to): the one rule, shared by the booking's own
 * check and the slot picker, so the picker never offers a slot booking would refuse.
 */
export const bookingsHolding = ({ workerUserIds, livemode, from, to }: BookingsHoldingOptions) =>
  and(
    inArray(tasks.workerId, workerUserIds),
    eq(tasks.livemode, livemode),
    sql`${tasks.serviceId} is not null`,
    inArray(tasks.status, [...HOLDING]),
    or(ne(tasks.status, 'draft'), gt(tasks.createdAt, STALE_DRAFT)),
    lt(tasks.startsAt, to),
    gt(tasks.deadline, from),
  );

export type BookingsHoldingOptions = { workerUserIds: string[]; livemode: boolean; from: Date; to: Date };

export const slotUnavailable = (why: string, details: Record<string, unknown>) =>
  new ApiError('SLOT_UNAVAILABLE', { message: `The worker is not free for this slot: ${why}`, details });

// The worker's slots are locked with a transaction-scoped advisory lock on `booking-slots:<worker id>`, not a row
// lock, so nothing else touching the worker's users row waits on it or deadlocks with it; the first booking's draft
// then holds the slot for the second one's overlap check. A worker with no schedule at all is free any time.
export async function holdSlot(tx: Tx, { serviceId, workerUserId, startsAt, endsAt, livemode }: HoldSlotOptions) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`booking-slots:${workerUserId}`}, 0))`);
  const [service] = await tx.select({ status: services.status }).from(services).where(eq(services.id, serviceId));
  if (service?.status !== 'active') throw archivedService();
  const [profile] = await tx
    .select({ id: workerProfiles.id, isAvailable: workerProfiles.isAvailable })
    .from(workerProfiles)
    .where(eq(workerProfiles.userId, workerUserId));
  const slot = { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() };
  if (!profile?.isAvailable) throw slotUnavailable('they are not taking tasks now', slot);
  const [rules, exceptions] = await Promise.all([
    tx.select().from(workerAvailabilityRules).where(eq(workerAvailabilityRules.workerId, profile.id)),
    tx.select().from(workerAvailabilityExceptions).where(eq(workerAvailabilityExceptions.workerId, profile.id)),
  ]);
  if (rules.length + exceptions.length > 0) {
    const windows = expandAvailability(rules, exceptions, startsAt, endsAt);
    const covered = windows.some((window) => window.start <= startsAt && window.end >= endsAt);
    if (!covered) throw slotUnavailable('it is outside their availability', slot);
  }
  const [clash] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(bookingsHolding({ workerUserIds: [workerUserId], livemode, from: startsAt, to: endsAt }))
    .limit(1);
  if (clash) throw slotUnavailable('it overlaps another of their bookings', slot);
}

export const archivedService = () =>
  new ApiError('CONFLICT', {
    message: 'This service is archived and cannot be booked',
    hint: 'Find the worker’s active services with GET /v1/workers/{id}/services.',
  });
