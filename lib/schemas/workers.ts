import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { BUDGET_MAX_CENTS, BUDGET_MIN_CENTS } from '@/lib/tasks/task-rules';
import { isKnownCapability } from '@/lib/workers/capabilities';
import { roundDegrees, text } from './common';
import { workerProfileSchema } from './worker-profile';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const PHOTO_REF = new RegExp(`^(?:${UUID.source}|(?:https?://[^/\\s]+)?/uploads/${UUID.source})$`, 'i');

const requiredText = (max: number, what: string) =>
  text(max)
    .trim()
    .min(1, { message: 'Must not be empty' })
    .nullable()
    .describe(`${what} (1 to ${max} characters); null clears it.`);

const photoRef = z
  .string()
  .regex(PHOTO_REF, { message: 'Must be an upload id or URL returned by POST /v1/uploads' })
  .transform((value) => (value.match(UUID)?.[0] ?? value).toLowerCase());

const locationInput = z
  .strictObject({
    lat: z
      .number()
      .min(-90, { message: 'Must be between -90 and 90' })
      .max(90, { message: 'Must be between -90 and 90' })
      .overwrite(roundDegrees),
    lng: z
      .number()
      .min(-180, { message: 'Must be between -180 and 180' })
      .max(180, { message: 'Must be between -180 and 180' })
      .overwrite(roundDegrees),
    city: text(100).trim().nullable().optional(),
    region: text(100).trim().nullable().optional(),
    country: text(100).trim().nullable().optional(),
  })
  .nullable()
  .describe('Where the worker is based (WGS84 degrees) and its place names; null clears it.');

/** The body of POST /v1/workers and of both PATCH routes: every field optional, null clears a nullable one. */
export const workerProfileInput = z.strictObject({
  displayName: requiredText(100, 'The name agents see').optional(),
  headline: requiredText(200, 'A one-line summary').optional(),
  bio: requiredText(5000, 'A longer description').optional(),
  skills: z
    .array(text(50).trim().min(1, { message: 'Must not be empty' }))
    .max(30, { message: 'At most 30 skills' })
    .nullable()
    .optional()
    .describe('Free-text skills, up to 30 of 1 to 50 characters each; null clears them.'),
  hourlyRateCents: z
    .number()
    .int({ message: 'Must be a whole number of cents' })
    .min(100, { message: 'Must be at least 100' })
    .max(100_000, { message: 'Must be at most 100000' })
    .nullable()
    .optional()
    .describe('Hourly rate in cents (100 to 100000); null clears it.'),
  minPriceCents: z
    .number()
    .int({ message: 'Must be a whole number of cents' })
    .min(BUDGET_MIN_CENTS, { message: `Must be at least ${BUDGET_MIN_CENTS}` })
    .max(BUDGET_MAX_CENTS, { message: `Must be at most ${BUDGET_MAX_CENTS}` })
    .nullable()
    .optional()
    .describe(
      `The least budget you take, in cents (${BUDGET_MIN_CENTS} to ${BUDGET_MAX_CENTS}); lower tasks leave your open ` +
        'list and are refused on accept (409 `BELOW_MIN_PRICE`), and your offers must reach it; null clears it.',
    ),
  location: locationInput.optional(),
  defaultRadiusMeters: z
    .number()
    .int({ message: 'Must be a whole number of meters' })
    .min(1000, { message: 'Must be at least 1000' })
    .max(200_000, { message: 'Must be at most 200000' })
    .optional()
    .describe('How far the worker will travel by default, in meters (1000 to 200000; default 25000).'),
  isAvailable: z.boolean().optional().describe('Whether the worker takes tasks at the moment.'),
  photos: z
    .array(photoRef)
    .max(10, { message: 'At most 10 photos' })
    .optional()
    .describe('Up to 10 photos, each an upload id or URL returned by POST /v1/uploads (your own uploads); [] clears.'),
});

export type WorkerProfileInput = z.output<typeof workerProfileInput>;

/** A new profile's fields, and the worker agreement accepted with it. */
export const createWorkerProfileInput = workerProfileInput.extend({
  acceptWorkerAgreement: z
    .literal(true, { message: 'Accept the Worker Agreement to create your profile' })
    .optional()
    .describe(
      '`true` records acceptance of the current Worker Agreement (GET /v1/legal/worker-agreement) with the ' +
        'profile. Without it the profile is created and `worker-agreement` stays in `pendingLegal`.',
    ),
});

export type CreateWorkerProfileInput = z.output<typeof createWorkerProfileInput>;

const availabilityWindow = z.object({
  dayOfWeek: z.number().int().describe('0 = Sunday … 6 = Saturday.'),
  start: z.string().describe('Local start time, HH:MM.'),
  end: z.string().describe('Local end time, HH:MM (24:00 = midnight).'),
  timeZone: z.string().describe('IANA time zone, e.g. Europe/Paris.'),
});

const availabilityException = z.object({
  date: z.string().describe('Local date, YYYY-MM-DD.'),
  available: z.boolean().describe('false takes the day (or the window) off; true adds the window.'),
  start: z.string().nullable().describe('Local start time, HH:MM; null = the whole day.'),
  end: z.string().nullable().describe('Local end time, HH:MM; null = the whole day.'),
  timeZone: z.string(),
});

export const workerWithAvailabilitySchema = workerProfileSchema
  .extend({
    availability: z
      .object({ weekly: z.array(availabilityWindow), exceptions: z.array(availabilityException) })
      .describe('The weekly schedule and one-off exceptions; GET /v1/workers/{id}/availability expands them.'),
    noShowCount: z
      .number()
      .int()
      .optional()
      .describe(
        'Platform admins only: how many of this worker’s assignments ended as a no-show (the requester cancelled ' +
          'an accepted task past its deadline with nothing submitted).',
      ),
  })
  .meta({ id: 'WorkerProfileWithAvailability' });

const workerParams = z.object({ id: z.uuid() });

export const createWorkerProfileOperation = defineOperation({
  method: 'POST',
  path: '/v1/workers',
  operationId: 'createWorkerProfile',
  summary: 'Create your worker profile',
  description:
    'One profile per user: a second one is 409 `CONFLICT` (update yours with PATCH /v1/workers/me). Every field ' +
    'is optional; listing the profile (POST /v1/workers/me/listing) needs it complete.',
  tags: ['Workers'],
  auth: 'session',
  body: createWorkerProfileInput,
  response: workerProfileSchema,
  successStatus: 201,
  errors: ['CONFLICT'],
});

export const getOwnWorkerProfileOperation = defineOperation({
  method: 'GET',
  path: '/v1/workers/me',
  operationId: 'getOwnWorkerProfile',
  summary: 'Your worker profile, or null when you have none',
  tags: ['Workers'],
  auth: 'session',
  response: workerProfileSchema.nullable(),
});

export const updateOwnWorkerProfileOperation = defineOperation({
  method: 'PATCH',
  path: '/v1/workers/me',
  operationId: 'updateOwnWorkerProfile',
  summary: 'Update your worker profile',
  description: 'Omitted fields stay as they are; null clears a nullable field. 404 when you have no profile yet.',
  tags: ['Workers'],
  auth: 'session',
  body: workerProfileInput,
  response: workerProfileSchema,
  errors: ['NOT_FOUND'],
});

export const getWorkerProfileOperation = defineOperation({
  method: 'GET',
  path: '/v1/workers/{id}',
  operationId: 'getWorkerProfile',
  summary: 'A worker’s profile with the availability schedule',
  description:
    'Any signed-in caller sees any profile, listed or not (`isListed` says which; listing governs search only), ' +
    'so a requester keeps sight of a worker who unlisted after accepting their task; 404 only for an unknown ' +
    'id. The home position is private: only the owner sees the exact `location`, everyone else sees it ' +
    'rounded to 2 decimals of a degree (about 1 km). Private capability answers are never part of it. ' +
    'Platform admins also see `noShowCount`.',
  tags: ['Workers'],
  auth: 'any',
  scope: 'workers:read',
  params: workerParams,
  response: workerWithAvailabilitySchema,
});

export const updateWorkerProfileOperation = defineOperation({
  method: 'PATCH',
  path: '/v1/workers/{id}',
  operationId: 'updateWorkerProfile',
  summary: 'Update a worker profile you own',
  description: 'Same body as PATCH /v1/workers/me. Anyone but the owner gets 403 `FORBIDDEN`; an unknown id 404.',
  tags: ['Workers'],
  auth: 'session',
  params: workerParams,
  body: workerProfileInput,
  response: workerProfileSchema,
});

const answerValue = z.enum(['yes', 'maybe', 'no']);

const capabilityAnswerSchema = z
  .object({
    category: z.string().describe('A category id from `categories`.'),
    capability: z.string().describe('A capability id of that category.'),
    answer: answerValue,
    detail: z.string().nullable().optional().describe('Private free text, e.g. “van, 3 m³”.'),
  })
  .meta({ id: 'CapabilityAnswer' });

const catalogueSchema = z.array(
  z.object({
    id: z.string(),
    label: z.string(),
    capabilities: z.array(z.object({ id: z.string(), label: z.string() })),
  }),
);

const skillDetailSchema = z.object({
  category: z.string(),
  capability: z.string(),
  level: z.enum(['yes', 'maybe']),
});

export const getCapabilitiesOperation = defineOperation({
  method: 'GET',
  path: '/v1/workers/me/capabilities',
  operationId: 'getWorkerCapabilities',
  summary: 'The capability catalogue and your private answers',
  description: 'The answers are private: only the yes/maybe ones surface, as `skillDetails` without the detail text.',
  tags: ['Workers'],
  auth: 'session',
  response: z.object({ categories: catalogueSchema, capabilityAnswers: z.array(capabilityAnswerSchema) }),
  errors: ['NOT_FOUND'],
});

export const saveCapabilitiesOperation = defineOperation({
  method: 'PUT',
  path: '/v1/workers/me/capabilities',
  operationId: 'saveWorkerCapabilities',
  summary: 'Replace your capability answers',
  description:
    'Replaces every answer at once. The public `skillDetails` become the yes and maybe answers ' +
    '({category, capability, level}); `no` answers and every `detail` stay private.',
  tags: ['Workers'],
  auth: 'session',
  body: z.strictObject({
    answers: z
      .array(
        z
          .strictObject({
            category: z.string().max(50),
            capability: z.string().max(50),
            answer: answerValue,
            detail: text(500).trim().nullable().optional(),
          })
          .refine((a) => isKnownCapability(a.category, a.capability), {
            message: 'Unknown category or capability; see GET /v1/workers/me/capabilities',
          }),
      )
      .max(200, { message: 'At most 200 answers' })
      .refine((answers) => new Set(answers.map((a) => `${a.category}/${a.capability}`)).size === answers.length, {
        message: 'Each capability may be answered once',
      }),
  }),
  response: z.object({ capabilityAnswers: z.array(capabilityAnswerSchema), skillDetails: z.array(skillDetailSchema) }),
  errors: ['NOT_FOUND'],
});
