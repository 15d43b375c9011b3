import { eq } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { type Service, services, tasks } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { haversineMeters } from '@/lib/geo/haversine';
import type { BookServiceBody } from '@/lib/schemas/services';
import { reversePlace } from '@/lib/services/geo/reverse-place';
import { AlreadyPosted, fundTask } from '@/lib/services/money/fund-task';
import type { Funder, FundingOutcome } from '@/lib/services/money/funding-outcome';
import { readService } from '@/lib/services/services/read-service';
import { earlierTask } from '@/lib/services/tasks/earlier-task';
import { type CreationKey, insertDraftTask } from '@/lib/services/tasks/insert-draft-task';
import { postBooking } from '@/lib/services/tasks/post-booking';
import { checkBookingMode } from './check-booking-mode';
import { archivedService, holdSlot } from './hold-slot';

export type BookService = Funder & {
  serviceId: string;
  body: BookServiceBody;
  /** The request's Idempotency-Key and body: a retry after a crash resumes the draft (and slot) it made. */
  creation?: CreationKey;
};

// The slot is decided under the worker's lock in the transaction that inserts the draft and claims its funding
// (holdSlot), before any money moves: a booking that loses the slot is refused with 409 and never charged.
export async function bookService(
  db: Db,
  { serviceId, body, creation, ...funder }: BookService,
): Promise<FundingOutcome> {
  const { service } = await readService(db, { serviceId, userId: funder.user.id, archived: true });
  if (service.workerId === funder.user.id || service.workerId === funder.user.ownerId) {
    throw new ApiError('FORBIDDEN', {
      message: 'You cannot book your own service',
      hint: 'Services are booked by requesters other than the worker who offers them.',
    });
  }
  if (service.status !== 'active') throw archivedService();
  await checkBookingMode(db, { workerUserId: service.workerId, serviceId, livemode: funder.processor.livemode });
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(startsAt.getTime() + service.durationMinutes * 60_000);
  const taskBody = {
    title: service.title,
    description: service.description ?? undefined,
    category: service.category as never,
    location: await namedPlace(bookingLocation(service, body)),
    deadline: endsAt.toISOString(),
    instructions: body.instructions,
  };
  const booking = { serviceId, startsAt, workerId: service.workerId };
  return fundTask(db, funder, {
    draft: async (tx) => {
      // The first attempt's draft already holds the slot: checking it again would find the slot taken by itself.
      const earlier = await earlierTask(tx, funder.user.id, creation);
      if (earlier && earlier.status !== 'draft') throw new AlreadyPosted(earlier);
      if (earlier) return earlier;
      await holdSlot(tx, {
        serviceId,
        workerUserId: service.workerId,
        startsAt,
        endsAt,
        livemode: funder.processor.livemode,
      });
      const budgetCents = await agreedPrice(tx, serviceId, body.expectedPriceCents);
      return insertDraftTask(tx, {
        requesterId: funder.user.id,
        body: { ...taskBody, budgetCents },
        livemode: funder.processor.livemode,
        booking,
        creation,
      });
    },
    undo: (taskId) => db.delete(tasks).where(eq(tasks.id, taskId)),
    post: (database, input) => postBooking(database, { ...input, workerId: service.workerId }),
  });
}

// Read under a share lock in the transaction that inserts the draft, so a price change cannot land between this
// check and the charge.
async function agreedPrice(tx: Tx, serviceId: string, expectedPriceCents: number | undefined) {
  const [row] = await tx
    .select({ priceCents: services.priceCents })
    .from(services)
    .where(eq(services.id, serviceId))
    .for('share');
  if (!row) throw new Error('booked service row vanished');
  if (expectedPriceCents !== undefined && row.priceCents !== expectedPriceCents) {
    throw new ApiError('PRICE_CHANGED', {
      message: `The price of this service changed to ${row.priceCents} cents (you expected ${expectedPriceCents})`,
      details: { currentPriceCents: row.priceCents, expectedPriceCents },
    });
  }
  return row.priceCents;
}

function bookingLocation(service: Service, body: BookServiceBody) {
  const { areaLat, areaLng, areaRadiusMeters } = service;
  if (areaLat === null || areaLng === null || areaRadiusMeters === null) {
    if (body.location) throw locationRefused('This service is remote: send no `location`');
    return null;
  }
  if (!body.location) return { lat: areaLat, lng: areaLng, precision: 'city' as const };
  const distance = haversineMeters(areaLat, areaLng, body.location.lat, body.location.lng);
  if (distance > areaRadiusMeters) {
    throw locationRefused(
      `Must lie inside the service’s area (${Math.round(distance)} m from its centre; it covers ${areaRadiusMeters} m)`,
    );
  }
  return body.location;
}

// A booking's page names its place, never bare coordinates: without an address, the nearest gazetteer place.
async function namedPlace(location: ReturnType<typeof bookingLocation>) {
  if (!location || location.address) return location;
  const { name } = await reversePlace(location);
  return { ...location, address: name };
}

const locationRefused = (message: string) =>
  new ApiError('VALIDATION_ERROR', {
    issues: [{ path: ['location'], message }],
    hint: 'Book inside the service’s `area` (GET /v1/services/{id}), or leave `location` out for its centre.',
  });
