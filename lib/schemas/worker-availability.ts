import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { timestamp } from './common';

export const MAX_AVAILABILITY_RANGE_DAYS = 90;
export const DEFAULT_AVAILABILITY_RANGE_DAYS = 14;
const DAY_MS = 86_400_000;

const HHMM = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/;

/** 'HH:MM' (00:00 to 24:00) as minutes from local midnight. */
const clockTime = z
  .string()
  .regex(HHMM, { message: 'Must be a local time HH:MM between 00:00 and 24:00' })
  .transform((value) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5)));

const isZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const isRealDate = (value: string) => {
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
};

// Zod still runs refinements when a time failed to parse; only two parsed times are compared.
const parsed = (...times: unknown[]) => times.every((time) => typeof time === 'number');

const weeklyWindow = z
  .strictObject({
    dayOfWeek: z.number().int().min(0).max(6).describe('0 = Sunday … 6 = Saturday.'),
    start: clockTime.describe('Local start time, HH:MM.'),
    end: clockTime.describe('Local end time, HH:MM (24:00 = midnight at the end of the day).'),
  })
  .refine((window) => !parsed(window.start, window.end) || window.end > window.start, {
    message: 'end must be after start',
    path: ['end'],
  });

const exceptionInput = z
  .strictObject({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Must be a date YYYY-MM-DD' })
      .refine(isRealDate, { message: 'Must be a real calendar date' })
      .describe('Local date, YYYY-MM-DD.'),
    available: z
      .boolean()
      .describe('false takes the day (or the window) off; true adds the window (or the whole day).'),
    start: clockTime.optional().describe('Local start time, HH:MM; leave out start and end for the whole day.'),
    end: clockTime.optional().describe('Local end time, HH:MM.'),
  })
  .superRefine((exception, ctx) => {
    if ((exception.start === undefined) !== (exception.end === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Give both start and end, or neither', path: ['end'] });
    } else if (parsed(exception.start, exception.end) && Number(exception.end) <= Number(exception.start)) {
      ctx.addIssue({ code: 'custom', message: 'end must be after start', path: ['end'] });
    }
  });

export const setAvailabilityBody = z
  .strictObject({
    timeZone: z
      .string()
      .max(64)
      .refine(isZone, { message: 'Must be an IANA time zone, e.g. Europe/Berlin' })
      .describe('The IANA time zone the times are in, e.g. America/New_York.'),
    weekly: z
      .array(weeklyWindow)
      .max(100)
      .describe('Recurring windows; several per day are allowed if they do not overlap.'),
    exceptions: z.array(exceptionInput).max(400).optional().describe('One-off changes on given local dates.'),
  })
  .superRefine((body, ctx) => {
    const sorted = body.weekly
      .map((window, index) => ({ ...window, index }))
      .sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.start - b.start);
    for (let i = 1; i < sorted.length; i++) {
      const [previous, current] = [sorted[i - 1], sorted[i]];
      const same = previous && current && previous.dayOfWeek === current.dayOfWeek;
      if (same && parsed(previous.start, previous.end, current.start) && current.start < previous.end) {
        ctx.addIssue({
          code: 'custom',
          message: 'Overlaps another window on the same day',
          path: ['weekly', current.index],
        });
      }
    }
  });

export type SetAvailabilityInput = z.infer<typeof setAvailabilityBody>;

export const availabilityScheduleSchema = z
  .object({
    timeZone: z.string().describe('IANA time zone of every time below.'),
    weekly: z.array(
      z.object({ dayOfWeek: z.number().int(), start: z.string().describe('HH:MM'), end: z.string().describe('HH:MM') }),
    ),
    exceptions: z.array(
      z.object({
        date: z.string().describe('YYYY-MM-DD'),
        available: z.boolean(),
        start: z.string().nullable().describe('HH:MM; null = the whole day.'),
        end: z.string().nullable().describe('HH:MM; null = the whole day.'),
      }),
    ),
  })
  .meta({ id: 'AvailabilitySchedule' });

export const setAvailabilityOperation = defineOperation({
  method: 'PUT',
  path: '/v1/workers/me/availability',
  operationId: 'setWorkerAvailability',
  summary: 'Replace the weekly schedule and exceptions',
  description:
    'Replaces the whole schedule at once. Times are local wall-clock times in `timeZone`, so a 09:00 window ' +
    'stays at 09:00 across daylight-saving changes. On an exception’s date, `available: false` removes the ' +
    'given window (or the whole day) from the weekly windows, then `available: true` entries add theirs. ' +
    'A window crossing midnight is two windows (…–24:00 and 00:00–…). 404 without a worker profile.',
  tags: ['Workers'],
  auth: 'session',
  body: setAvailabilityBody,
  response: availabilityScheduleSchema,
  errors: ['NOT_FOUND'],
});

const instant = z
  .string()
  .refine((value) => z.iso.datetime({ offset: true }).safeParse(value).success, {
    message: 'Must be an ISO-8601 timestamp with a time zone, e.g. 2026-01-31T09:00:00Z',
  })
  .transform((value) => new Date(value));

export const availabilityWindowsQuery = z
  .object({
    from: instant.optional().describe('Start of the range (ISO timestamp); default now.'),
    to: instant
      .optional()
      .describe(`End of the range; default ${DEFAULT_AVAILABILITY_RANGE_DAYS} days after \`from\`.`),
  })
  .transform(({ from, to }, ctx) => {
    const start = from ?? new Date();
    const end = to ?? new Date(start.getTime() + DEFAULT_AVAILABILITY_RANGE_DAYS * DAY_MS);
    if (end.getTime() <= start.getTime()) {
      ctx.addIssue({ code: 'custom', message: '`to` must be after `from`', path: [to ? 'to' : 'from'] });
    } else if (end.getTime() - start.getTime() > MAX_AVAILABILITY_RANGE_DAYS * DAY_MS) {
      ctx.addIssue({
        code: 'custom',
        message: `The range may span at most ${MAX_AVAILABILITY_RANGE_DAYS} days`,
        path: ['to'],
      });
    }
    return { from: start, to: end };
  });

export const getAvailabilityWindowsOperation = defineOperation({
  method: 'GET',
  path: '/v1/workers/{id}/availability',
  operationId: 'getWorkerAvailability',
  summary: 'A worker’s availability as concrete windows',
  description:
    'Expands the weekly schedule and exceptions into UTC windows within [from, to] (default: now to 14 days ' +
    'on; at most 90 days), sorted, merged where they touch, clipped to the range, and correct across ' +
    'daylight-saving changes. Any signed-in caller sees any worker, listed or not (listing governs search only).',
  tags: ['Workers'],
  auth: 'any',
  scope: 'workers:read',
  params: z.object({ id: z.uuid() }),
  query: availabilityWindowsQuery,
  response: z.array(
    z
      .object({ start: timestamp.describe('Window start (UTC).'), end: timestamp.describe('Window end (UTC).') })
      .meta({ id: 'AvailabilityWindow' }),
  ),
  errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
});
