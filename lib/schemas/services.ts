import { z } from 'zod';
import { pageQuery } from '@/db/cursor';
import { defineOperation } from '@/lib/schemas/operation';
import { TASK_CATEGORIES } from '@/lib/tasks/task-rules';
import { roundDegrees, text, timestamp } from './common';
import { X402_NOTE } from './task-actions';
import { taskLocationSchema, taskSchema } from './tasks';

// Services (DESIGN §5 "Services, geo and coverage"): a worker's fixed-price offers, searched by place, category
// and text, and booked directly (POST /v1/services/{id}/book), which creates a task already accepted.

export const SERVICE_PRICE = { min: 500, max: 1_000_000 } as const;
export const SERVICE_DURATION = { min: 15, max: 1_440 } as const;
export const SERVICE_RADIUS_MAX_METERS = 200_000;
export const BOOKING_HORIZON_DAYS = 90;
const DEFAULT_SEARCH_RADIUS_METERS = 25_000;

const areaSchema = z
  .strictObject({
    lat: z.number().min(-90).max(90).overwrite(roundDegrees),
    lng: z.number().min(-180).max(180).overwrite(roundDegrees),
    radiusMeters: z
      .number()
      .int({ message: 'Must be a whole number of metres' })
      .min(1)
      .max(SERVICE_RADIUS_MAX_METERS, { message: `Must be at most ${SERVICE_RADIUS_MAX_METERS} metres (200 km)` }),
  })
  .meta({ id: 'ServiceArea' });

const serviceFields = {
  title: text(200).trim().min(1, { message: 'Must be at least 1 character' }).describe('What you offer, 1 to 200.'),
  description: text(5_000).nullable().optional().describe('Details, up to 5,000 characters.'),
  category: z.enum(TASK_CATEGORIES).describe(`One of ${TASK_CATEGORIES.join(', ')}.`),
  priceCents: z
    .number()
    .int({ message: 'Must be a whole number of cents' })
    .min(SERVICE_PRICE.min, { message: `Must be at least ${SERVICE_PRICE.min} cents` })
    .max(SERVICE_PRICE.max, { message: `Must be at most ${SERVICE_PRICE.max} cents` })
    .describe('What you earn per booking, in cents (500 to 1,000,000). The platform adds its 15% fee on top.'),
  durationMinutes: z
    .number()
    .int({ message: 'Must be a whole number of minutes' })
    .min(SERVICE_DURATION.min, { message: `Must be at least ${SERVICE_DURATION.min} minutes` })
    .max(SERVICE_DURATION.max, { message: `Must be at most ${SERVICE_DURATION.max} minutes` })
    .describe('How long one booking takes, 15 to 1,440 minutes.'),
  area: areaSchema
    .nullable()
    .describe('Where you work: a public centre and radius (≤ 200 km) of your choosing; null = remote.'),
  photos: z.array(z.uuid()).max(10).optional().describe('Up to 10 ids of your own uploads (POST /v1/uploads).'),
};

export const createServiceBodySchema = z.strictObject(serviceFields).meta({ id: 'CreateServiceBody' });
export type CreateServiceBody = z.output<typeof createServiceBodySchema>;

export const updateServiceBodySchema = z
  .strictObject(serviceFields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Send at least one field to change' })
  .meta({ id: 'UpdateServiceBody' });
export type UpdateServiceBody = z.output<typeof updateServiceBodySchema>;

export const serviceSchema = z
  .object({
    id: z.uuid(),
    worker: z
      .object({
        id: z.uuid().describe('The worker profile id (GET /v1/workers/{id}).'),
        displayName: z.string().nullable(),
      })
      .describe('Who offers it. Never their home position: only the area they chose.'),
    title: z.string(),
    description: z.string().nullable(),
    category: z.string(),
    priceCents: z.number().int().describe('What the worker earns per booking; a booking charges it plus 15%.'),
    durationMinutes: z.number().int(),
    area: z
      .object({ lat: z.number(), lng: z.number(), radiusMeters: z.number().int() })
      .nullable()
      .describe('The public area the worker serves; null = remote.'),
    photos: z.array(z.uuid()),
    status: z.enum(['active', 'archived']),
    distanceMeters: z
      .number()
      .int()
      .optional()
      .describe('Great-circle distance from the search centre to the area centre (geo search only).'),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Service' });

// A geo page's cursor: the last row's (distance, id); a newest-first page's is db/cursor.ts's.
const geoCursorSchema = z.object({ d: z.number().min(0), i: z.uuid() });
export type GeoCursor = z.output<typeof geoCursorSchema>;

export const encodeGeoCursor = (cursor: GeoCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
export function decodeGeoCursor(cursor: string): GeoCursor | undefined {
  try {
    const parsed = geoCursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const coordinate = (min: number, max: number) => z.coerce.number().min(min).max(max).overwrite(roundDegrees);

export const searchServicesQuery = pageQuery
  .extend({
    cursor: z.string().max(500).optional().describe('`nextCursor` of the previous page.'),
    lat: coordinate(-90, 90).optional().describe('Latitude of the search centre, -90 to 90. Requires `lng`.'),
    lng: coordinate(-180, 180).optional().describe('Longitude of the search centre, -180 to 180. Requires `lat`.'),
    radiusMeters: z.coerce
      .number()
      .int()
      .min(1)
      .max(SERVICE_RADIUS_MAX_METERS)
      .default(DEFAULT_SEARCH_RADIUS_METERS)
      .describe('How far from the centre an area centre may be, 1 to 200,000 m (default 25,000). Geo only.'),
    category: z.enum(TASK_CATEGORIES).optional().describe('Only this category.'),
    q: text(100)
      .trim()
      .min(1, { message: 'Must be at least 1 character' })
      .optional()
      .describe('Words the title or description contains (case-insensitive), 1 to 100 characters.'),
  })
  .superRefine((query, context) => {
    if ((query.lat === undefined) !== (query.lng === undefined)) {
      const missing = query.lat === undefined ? 'lat' : 'lng';
      context.addIssue({ code: 'custom', path: [missing], message: '`lat` and `lng` go together' });
    }
    if (query.cursor === undefined) return;
    const located = query.lat !== undefined;
    const valid = located ? decodeGeoCursor(query.cursor) : pageQuery.shape.cursor.safeParse(query.cursor).success;
    if (!valid) context.addIssue({ code: 'custom', path: ['cursor'], message: 'Invalid cursor' });
  });
export type SearchServicesQuery = z.output<typeof searchServicesQuery>;

const serviceParams = z.object({ id: z.uuid() });

export const createServiceOperation = defineOperation({
  method: 'POST',
  path: '/v1/services',
  operationId: 'createService',
  summary: 'Offer a fixed-price service',
  description:
    'A worker (with a worker profile) offers a service: a price per booking, a duration, and the area served ' +
    '(or remote). It shows in search while it is active and the worker is listed.',
  tags: ['Services'],
  auth: 'session',
  body: createServiceBodySchema,
  response: serviceSchema,
  successStatus: 201,
  errors: ['FORBIDDEN'],
});

export const searchServicesOperation = defineOperation({
  method: 'GET',
  path: '/v1/services',
  operationId: 'searchServices',
  summary: 'Find services near a place, or list them',
  description:
    'Active services of listed workers. With `lat` and `lng`: the located services whose area centre lies ' +
    'within `radiusMeters`, each with `distanceMeters`, nearest first (ties by id); remote services are left ' +
    'out. Without: every such service, remote ones included, newest first. Filter by `category` and `q`. ' +
    'A worker’s home position never shows: only the area they chose for the service.',
  tags: ['Services'],
  auth: 'any',
  scope: 'workers:read',
  query: searchServicesQuery,
  response: z.array(serviceSchema),
  listEnvelope: true,
});

export const getServiceOperation = defineOperation({
  method: 'GET',
  path: '/v1/services/{id}',
  operationId: 'getService',
  summary: 'A service',
  description: 'An active service of a listed worker; its owner also sees it archived or while unlisted.',
  tags: ['Services'],
  auth: 'any',
  scope: 'workers:read',
  params: serviceParams,
  response: serviceSchema,
  errors: ['NOT_FOUND'],
});

export const updateServiceOperation = defineOperation({
  method: 'PATCH',
  path: '/v1/services/{id}',
  operationId: 'updateService',
  summary: 'Change your service',
  description: 'The owner only (anyone else: 404). Bookings already made keep their price and time.',
  tags: ['Services'],
  auth: 'session',
  params: serviceParams,
  body: updateServiceBodySchema,
  response: serviceSchema,
  errors: ['NOT_FOUND'],
});

export const archiveServiceOperation = defineOperation({
  method: 'DELETE',
  path: '/v1/services/{id}',
  operationId: 'archiveService',
  summary: 'Archive your service',
  description:
    'The owner only (anyone else: 404). The service leaves search and cannot be booked; bookings already made ' +
    'go on. Answers the archived service; archiving it again answers the same.',
  tags: ['Services'],
  auth: 'session',
  params: serviceParams,
  response: serviceSchema,
  errors: ['NOT_FOUND'],
});

export const listWorkerServicesOperation = defineOperation({
  method: 'GET',
  path: '/v1/workers/{id}/services',
  operationId: 'listWorkerServices',
  summary: 'A worker’s services',
  description:
    'The active services of a listed worker, newest first. The worker themself sees theirs while unlisted ' +
    'too, and with `status=all` their archived ones.',
  tags: ['Services'],
  auth: 'any',
  scope: 'workers:read',
  params: z.object({ id: z.uuid().describe('The worker profile id.') }),
  query: pageQuery.extend({
    status: z.enum(['active', 'all']).default('active').describe('`all` (the owner only): archived ones too.'),
  }),
  response: z.array(serviceSchema),
  listEnvelope: true,
  errors: ['NOT_FOUND'],
});

export const bookServiceBodySchema = z
  .strictObject({
    startsAt: z.iso
      .datetime({ offset: true })
      .describe(`When the booking starts: in the future, at most ${BOOKING_HORIZON_DAYS} days ahead.`),
    location: taskLocationSchema
      .optional()
      .describe('Where, inside the service’s area (default: the area centre). Not for a remote service.'),
    instructions: text(2_000).optional().describe('What the worker should know, up to 2,000 characters.'),
    expectedPriceCents: z
      .number()
      .int({ message: 'Must be a whole number of cents' })
      .min(0, { message: 'Must be 0 or more' })
      .optional()
      .describe(
        'The service’s `priceCents` you saw. When it differs from the current price: 409 `PRICE_CHANGED`, nothing ' +
          'charged. Send it always; left out, the booking takes whatever the price is now.',
      ),
  })
  .superRefine((body, context) => {
    const startsAt = Date.parse(body.startsAt);
    if (Number.isNaN(startsAt)) return;
    if (startsAt <= Date.now()) {
      context.addIssue({ code: 'custom', path: ['startsAt'], message: 'Must be in the future' });
    } else if (startsAt > Date.now() + BOOKING_HORIZON_DAYS * 86_400_000) {
      context.addIssue({
        code: 'custom',
        path: ['startsAt'],
        message: `Must be at most ${BOOKING_HORIZON_DAYS} days ahead`,
      });
    }
  })
  .meta({ id: 'BookServiceBody' });
export type BookServiceBody = z.output<typeof bookServiceBodySchema>;

export const bookingSchema = taskSchema
  .extend({
    serviceId: z.uuid().describe('The service booked.'),
    startsAt: timestamp.describe('When the booking starts; `deadline` is when it ends.'),
  })
  .meta({ id: 'Booking' });

export const bookServiceOperation = defineOperation({
  method: 'POST',
  path: '/v1/services/{id}/book',
  operationId: 'bookService',
  summary: 'Book a service (a task already accepted by its worker)',
  description:
    'Creates a task for the service’s worker, already `accepted` with its thread open: the service’s title, ' +
    'category and price (`budgetCents`), the location given or the area centre (none for a remote service), ' +
    '`deadline` = `startsAt` + the duration. 409 `SLOT_UNAVAILABLE` when the slot is outside the worker’s ' +
    'availability or overlaps another of their bookings (decided under a lock before any money moves: of two ' +
    'bookings of one slot one wins, the other is never charged; only bookings of the same mode count). 409 ' +
    '`PRICE_CHANGED` when `expectedPriceCents` is not the service’s price at that moment (decided with the slot; ' +
    'nothing charged or held; `details.currentPriceCents`). A later price change never touches a booking made. 409 ' +
    '`CONFLICT` for an archived service, 403 for your own. On a deployment with a live processor a `lgw_test_` ' +
    'key cannot book a live worker (one with a live payout account): 403 `LIVEMODE_MISMATCH`, nothing held or ' +
    `charged. ${X402_NOTE}`,
  tags: ['Services'],
  auth: 'any',
  scope: 'tasks:write',
  params: serviceParams,
  body: bookServiceBodySchema,
  response: bookingSchema,
  successStatus: 201,
  movesMoney: 'charge',
  errors: [
    'PAYMENT_REQUIRED',
    'PAYMENT_FAILED',
    'CONFLICT',
    'SLOT_UNAVAILABLE',
    'PRICE_CHANGED',
    'FORBIDDEN',
    'LIVEMODE_MISMATCH',
    'NOT_FOUND',
  ],
});
