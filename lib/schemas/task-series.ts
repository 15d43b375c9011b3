import { z } from 'zod';
import { pageQuery } from '@/db/cursor';
import { taskSeriesStatus } from '@/db/schema/task-series';
import { defineOperation } from '@/lib/schemas/operation';
import { endsBeforeStartIssue, isTimeZone, WEEKDAYS } from '@/lib/tasks/series-cadence';
import { SERIES_LIMITS } from '@/lib/tasks/series-rules';
import { timestamp } from './common';
import { createTaskBodySchema } from './task-actions';
import { taskBodyRules, taskBodySchema, taskSchema } from './tasks';

// POST/GET /v1/task-series, GET/PATCH /v1/task-series/{id} and its pause, resume, end and skip actions
// (docs/tasks.md "Recurring tasks").

const TAGS = ['Task series'];
const DAY_MS = 86_400_000;
const seriesParams = z.object({ id: z.uuid() });

const templateFields = taskBodySchema.omit({ deadline: true, acceptBy: true }).extend({
  budgetCents: createTaskBodySchema.shape.budgetCents,
});

export const seriesTemplateSchema = templateFields
  .superRefine(taskBodyRules)
  .describe('The task each occurrence creates: the body of POST /v1/tasks without `deadline` and `draft`.')
  .meta({ id: 'TaskSeriesTemplate' });
export type SeriesTemplate = z.infer<typeof seriesTemplateSchema>;

export const seriesCadenceSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('weekly'),
      days: z.array(z.enum(WEEKDAYS)).min(1, { message: 'Pick at least one day' }).max(7).describe('mon … sun.'),
      intervalWeeks: z
        .union([z.literal(1), z.literal(2), z.literal(4)])
        .default(1)
        .describe('1 = every week, 2 = every other week, 4 = every fourth week.'),
    }),
    z.strictObject({
      kind: z.literal('days'),
      everyDays: z
        .number()
        .int({ message: 'Must be a whole number of days' })
        .min(1, { message: 'Must be at least 1' })
        .max(SERIES_LIMITS.maxEveryDays, { message: `Must be at most ${SERIES_LIMITS.maxEveryDays}` }),
    }),
  ])
  .describe(
    '`weekly` on chosen days every 1, 2 or 4 weeks (counted from the first occurrence’s week), or every N days.',
  );

const whole = (what: string, min: number, max: number) =>
  z
    .number()
    .int({ message: `Must be a whole number of ${what}` })
    .min(min, { message: `Must be at least ${min}` })
    .max(max, { message: `Must be at most ${max}` });

const scheduleFields = {
  firstOccurrenceAt: z.iso
    .datetime({ offset: true })
    .refine((value) => new Date(value).getTime() > Date.now(), { message: 'Must be in the future' })
    .refine((value) => new Date(value).getTime() <= Date.now() + SERIES_LIMITS.maxStartDays * DAY_MS, {
      message: `Must be at most ${SERIES_LIMITS.maxStartDays} days from now`,
    })
    .describe('When the first occurrence starts; every occurrence starts at its wall-clock time in `timeZone`.'),
  durationMinutes: whole('minutes', SERIES_LIMITS.minDurationMinutes, SERIES_LIMITS.maxDurationMinutes).describe(
    `Each occurrence’s deadline is its start plus this. Defaults to ${SERIES_LIMITS.defaultDurationMinutes}.`,
  ),
  cadence: seriesCadenceSchema,
  endsOn: z.iso
    .date({ message: 'Must be a date, YYYY-MM-DD' })
    .nullable()
    .describe('The last local date an occurrence may fall on (inclusive).'),
  count: whole('occurrences', 1, SERIES_LIMITS.maxCount)
    .nullable()
    .describe('How many occurrences in all (skipped ones count).'),
  leadHours: whole('hours', SERIES_LIMITS.minLeadHours, SERIES_LIMITS.maxLeadHours).describe(
    `How long before its start each occurrence’s task is created and charged. Defaults to ${SERIES_LIMITS.defaultLeadHours}.`,
  ),
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: 'Must be an IANA time zone, such as Europe/Berlin' })
    .describe('The IANA zone whose wall clock the occurrences keep (across daylight-saving changes). Defaults to UTC.'),
  preferredWorkerWindowMinutes: whole('minutes', 0, SERIES_LIMITS.maxPreferredWindowMinutes).describe(
    `How long a new occurrence is offered only to the worker who last completed one. Defaults to ${SERIES_LIMITS.defaultPreferredWindowMinutes}.`,
  ),
};

export const createTaskSeriesBodySchema = z
  .strictObject({
    template: seriesTemplateSchema,
    firstOccurrenceAt: scheduleFields.firstOccurrenceAt,
    durationMinutes: scheduleFields.durationMinutes.optional(),
    cadence: scheduleFields.cadence,
    endsOn: scheduleFields.endsOn.optional(),
    count: scheduleFields.count.optional(),
    leadHours: scheduleFields.leadHours.optional(),
    timeZone: scheduleFields.timeZone.optional(),
    preferredWorkerWindowMinutes: scheduleFields.preferredWorkerWindowMinutes.optional(),
  })
  .refine((body) => Boolean(body.endsOn) || Boolean(body.count), {
    path: ['endsOn'],
    message: 'Give an end date (`endsOn`) or a number of occurrences (`count`)',
  })
  .superRefine((body, ctx) => {
    const issue = endsBeforeStartIssue(new Date(body.firstOccurrenceAt), body.endsOn, body.timeZone ?? 'UTC');
    if (issue) ctx.addIssue({ code: 'custom', ...issue });
  })
  .meta({ id: 'CreateTaskSeriesBody' });
export type CreateTaskSeriesBody = z.infer<typeof createTaskSeriesBodySchema>;

export const updateTaskSeriesBodySchema = z
  .strictObject({
    template: templateFields.partial().describe('Fields of the template to change; the rest stay.').optional(),
    firstOccurrenceAt: scheduleFields.firstOccurrenceAt.optional(),
    durationMinutes: scheduleFields.durationMinutes.optional(),
    cadence: scheduleFields.cadence.optional(),
    endsOn: scheduleFields.endsOn.optional(),
    count: scheduleFields.count.optional(),
    leadHours: scheduleFields.leadHours.optional(),
    timeZone: scheduleFields.timeZone.optional(),
    preferredWorkerWindowMinutes: scheduleFields.preferredWorkerWindowMinutes.optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Send at least one field to change' })
  .meta({ id: 'TaskSeriesUpdate' });
export type UpdateTaskSeriesBody = z.infer<typeof updateTaskSeriesBodySchema>;

export const skipOccurrenceBodySchema = z.strictObject({
  occurrenceAt: z.iso
    .datetime({ offset: true })
    .describe('The start of the upcoming occurrence to skip, as listed in `upcoming` of GET /v1/task-series/{id}.'),
});

export const taskSeriesSchema = z
  .object({
    id: z.uuid(),
    status: z
      .enum(taskSeriesStatus.enumValues)
      .describe('`active` creates its occurrences; `paused` creates none until resumed; `ended` for good.'),
    pausedReason: z.string().nullable().describe('Why it is paused (a declined card, or by you); null otherwise.'),
    livemode: z.boolean(),
    requesterId: z.uuid(),
    template: z.record(z.string(), z.unknown()).describe('The task each occurrence creates (TaskSeriesTemplate).'),
    cadence: z.record(z.string(), z.unknown()).describe('TaskSeriesCadence.'),
    firstOccurrenceAt: timestamp,
    durationMinutes: z.number().int(),
    timeZone: z.string(),
    endsOn: z.string().nullable(),
    count: z.number().int().nullable(),
    leadHours: z.number().int(),
    preferredWorkerWindowMinutes: z.number().int(),
    nextOccurrenceAt: timestamp.nullable().describe('The next occurrence not yet created; null when none is left.'),
    skippedOccurrences: z.array(z.string()).describe('Upcoming occurrences you skipped.'),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'TaskSeries' });

export const taskSeriesDetailSchema = taskSeriesSchema
  .extend({
    upcoming: z
      .array(
        z.object({
          occurrenceAt: timestamp,
          createsAt: timestamp.describe('When its task is created and charged (its start less `leadHours`).'),
          deadline: timestamp,
          skipped: z.boolean(),
        }),
      )
      .describe('The next occurrences not yet created (at most 5; skipped ones flagged).'),
    tasks: z.array(taskSchema).describe('The tasks created so far, the latest first (at most 20).'),
  })
  .meta({ id: 'TaskSeriesDetail' });

export const createTaskSeriesOperation = defineOperation({
  method: 'POST',
  path: '/v1/task-series',
  operationId: 'createTaskSeries',
  summary: 'Make a task repeat',
  description:
    'Creates a recurring task: each occurrence becomes a task created and charged to your saved card `leadHours` ' +
    'before it starts (an agent’s to its operator’s card, within its spending limit), offered first to the worker ' +
    'who last completed one for `preferredWorkerWindowMinutes`. A declined card pauses the series. Needs a saved ' +
    'card (409 `CARD_REQUIRED`): x402 cannot be paid by a background job.',
  tags: TAGS,
  auth: 'any',
  scope: 'tasks:write',
  body: createTaskSeriesBodySchema,
  response: taskSeriesDetailSchema,
  successStatus: 201,
  errors: ['CARD_REQUIRED'],
});

export const listTaskSeriesOperation = defineOperation({
  method: 'GET',
  path: '/v1/task-series',
  operationId: 'listTaskSeries',
  summary: 'Your recurring tasks, newest first',
  description: 'With a session: also those of your agents.',
  tags: TAGS,
  auth: 'any',
  scope: 'tasks:read',
  query: pageQuery,
  response: z.array(taskSeriesSchema),
  listEnvelope: true,
});

export const getTaskSeriesOperation = defineOperation({
  method: 'GET',
  path: '/v1/task-series/{id}',
  operationId: 'getTaskSeries',
  summary: 'A recurring task with its upcoming occurrences and its tasks',
  tags: TAGS,
  auth: 'any',
  scope: 'tasks:read',
  params: seriesParams,
  response: taskSeriesDetailSchema,
  errors: ['NOT_FOUND'],
});

export const updateTaskSeriesOperation = defineOperation({
  method: 'PATCH',
  path: '/v1/task-series/{id}',
  operationId: 'updateTaskSeries',
  summary: 'Change a recurring task’s template or schedule from its next occurrence on',
  description:
    'Tasks already created keep what they were created with; the next occurrence not yet created and all after it ' +
    'follow the change. A changed schedule starts after the last occurrence created (or now).',
  tags: TAGS,
  auth: 'any',
  scope: 'tasks:write',
  params: seriesParams,
  body: updateTaskSeriesBodySchema,
  response: taskSeriesDetailSchema,
  errors: ['NOT_FOUND', 'SERIES_ENDED'],
});

function seriesAction(
  action: string,
  operationId: string,
  summary: string,
  errors: ('SERIES_ENDED' | 'CARD_REQUIRED')[],
) {
  return defineOperation({
    method: 'POST',
    path: `/v1/task-series/{id}/${action}`,
    operationId,
    summary,
    tags: TAGS,
    auth: 'any',
    scope: 'tasks:write',
    params: seriesParams,
    response: taskSeriesDetailSchema,
    errors: ['NOT_FOUND', ...errors],
  });
}

export const pauseTaskSeriesOperation = seriesAction('pause', 'pauseTaskSeries', 'Pause a recurring task', [
  'SERIES_ENDED',
]);
export const resumeTaskSeriesOperation = seriesAction(
  'resume',
  'resumeTaskSeries',
  'Resume a paused recurring task from its next occurrence after now',
  ['SERIES_ENDED', 'CARD_REQUIRED'],
);
export const endTaskSeriesOperation = seriesAction(
  'end',
  'endTaskSeries',
  'End a recurring task (its tasks already created stay)',
  [],
);

export const skipTaskSeriesOccurrenceOperation = defineOperation({
  method: 'POST',
  path: '/v1/task-series/{id}/skip',
  operationId: 'skipTaskSeriesOccurrence',
  summary: 'Skip one upcoming occurrence',
  description:
    'Only an occurrence not yet created can be skipped; one whose task exists is 409 `OCCURRENCE_ALREADY_CREATED` ' +
    '(cancel that task instead). A time that is not an upcoming occurrence is 400 on `occurrenceAt`.',
  tags: TAGS,
  auth: 'any',
  scope: 'tasks:write',
  params: seriesParams,
  body: skipOccurrenceBodySchema,
  response: taskSeriesDetailSchema,
  errors: ['NOT_FOUND', 'SERIES_ENDED', 'OCCURRENCE_ALREADY_CREATED'],
});
