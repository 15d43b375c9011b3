import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { pageQuery } from '../../db/cursor';
import type { components } from '../../lib/client';
import { formatMoney } from '../../lib/format/money';
import {
  createTaskSeriesBodySchema,
  seriesTemplateSchema,
  skipOccurrenceBodySchema,
  updateTaskSeriesBodySchema,
} from '../../lib/schemas/task-series';
import { defineTool, idempotencyKeyArg, newIdempotencyKey, success, type ToolContext } from '../tool-kit';

// Recurring tasks as the requester (docs/tasks.md "Recurring tasks"): each tool is one call of /v1/task-series, so
// the series services behind those routes do the work and their errors reach the model as the API's.

type Series = components['schemas']['TaskSeries'];
type SeriesDetail = components['schemas']['TaskSeriesDetail'];

const seriesIdArg = z.uuid().describe('The series’ id (`id` from create_task_series or list_task_series).');
const body = createTaskSeriesBodySchema.shape;
const patch = updateTaskSeriesBodySchema.shape;
const END_RULE = { message: 'Give an end date (`ends_on`) or a number of occurrences (`count`)', path: ['ends_on'] };

const SCHEDULE_NOTE =
  '`cadence` is {kind: "weekly", days: ["mon" … "sun"], intervalWeeks: 1|2|4} or {kind: "days", everyDays: N}; ' +
  'every occurrence starts at `first_occurrence_at`’s wall-clock time in `time_zone` (IANA, default UTC).';

/** The schedule's arguments, snake_case, each with the API field's own schema. */
const scheduleArgs = {
  first_occurrence_at: body.firstOccurrenceAt,
  duration_minutes: body.durationMinutes,
  cadence: body.cadence,
  ends_on: body.endsOn,
  count: body.count,
  lead_hours: body.leadHours,
  time_zone: body.timeZone,
  preferred_worker_window_minutes: body.preferredWorkerWindowMinutes,
};
const scheduleChangeArgs = {
  ...scheduleArgs,
  first_occurrence_at: patch.firstOccurrenceAt,
  cadence: patch.cadence,
};

type ScheduleArgs = {
  first_occurrence_at?: string;
  duration_minutes?: number;
  cadence?: z.output<typeof body.cadence>;
  ends_on?: string | null;
  count?: number | null;
  lead_hours?: number;
  time_zone?: string;
  preferred_worker_window_minutes?: number;
};

/** The tool's arguments as the API's body; those not given are left out of the JSON, so the API's defaults apply. */
function scheduleBody(args: ScheduleArgs) {
  return {
    firstOccurrenceAt: args.first_occurrence_at,
    durationMinutes: args.duration_minutes,
    cadence: args.cadence,
    endsOn: args.ends_on,
    count: args.count,
    leadHours: args.lead_hours,
    timeZone: args.time_zone,
    preferredWorkerWindowMinutes: args.preferred_worker_window_minutes,
  };
}

const ERRORS_OF_ACTIONS = 'NOT_FOUND (not your series), SERIES_ENDED (an ended series takes no more changes)';

export function registerSeriesTools(server: McpServer, context: ToolContext) {
  const { client } = context;

  defineTool(server, context, 'create_task_series', {
    title: 'Make a task repeat',
    description:
      'Creates a recurring task: each occurrence becomes a task created and charged to your operator’s saved card ' +
      '`lead_hours` (default 48) before it starts, within your spending limit, and is offered first to the worker ' +
      'who last completed one for `preferred_worker_window_minutes`. COSTS MONEY, later: each occurrence’s budget ' +
      'plus the 15% fee when its task is created; nothing is charged now. A declined card pauses the series. ' +
      `${SCHEDULE_NOTE} Give \`ends_on\` (last local date) or \`count\` (occurrences in all, skipped ones count). ` +
      'Returns {series, idempotencyKey} with the next occurrences in `series.upcoming`. Errors: CARD_REQUIRED (no ' +
      'saved card: x402 cannot pay a background job), VALIDATION_ERROR naming the field. Use the same ' +
      '`idempotency_key` when retrying.',
    input: z
      .strictObject({
        template: seriesTemplateSchema.describe(
          'The task each occurrence creates, as create_task’s `task` without `deadline` and `draft`: `title`, ' +
            '`budgetCents` (500 to 1,000,000), and optionally `description`, `category`, `location` {lat, lng, ' +
            'address}, `requiredSkills`, `proofRequirements`, `instructions`.',
        ),
        ...scheduleArgs,
        idempotency_key: idempotencyKeyArg,
      })
      .refine((args) => Boolean(args.ends_on) || Boolean(args.count), END_RULE),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: async (args, { signal }) => {
      const idempotencyKey = newIdempotencyKey(args.idempotency_key);
      const { data } = await client.POST('/v1/task-series', {
        body: {
          ...scheduleBody(args),
          template: args.template,
          firstOccurrenceAt: args.first_occurrence_at,
          cadence: args.cadence,
        },
        idempotencyKey,
        signal,
      });
      return success({ series: data, idempotencyKey }, `Created: ${renderSeries(data)}`);
    },
  });

  defineTool(server, context, 'list_task_series', {
    title: 'List your recurring tasks',
    description:
      'Your recurring tasks, newest first, each with `status` (active, paused, ended), `pausedReason`, its ' +
      'cadence and `nextOccurrenceAt` (the next occurrence not yet created). Paginated: pass `nextCursor` back as ' +
      '`page_cursor`. Returns `series`, `nextCursor`, `hasMore`. get_task_series shows the upcoming occurrences ' +
      'and the tasks created. Read-only, free.',
    input: z.strictObject({ limit: pageQuery.shape.limit, page_cursor: pageQuery.shape.cursor }),
    annotations: { readOnlyHint: true, idempotentHint: true },
    run: async (args, { signal }) => {
      const query = { limit: args.limit, ...(args.page_cursor ? { cursor: args.page_cursor } : {}) };
      const page = await client.GET('/v1/task-series', { params: { query }, signal });
      const series = page.data as Series[];
      const lines = series.map(renderSeries);
      if (page.hasMore) lines.push(`More: call again with page_cursor "${page.nextCursor}".`);
      return success(
        { series, nextCursor: page.nextCursor, hasMore: page.hasMore },
        lines.length ? lines.join('\n\n') : 'No recurring tasks yet.',
      );
    },
  });

  defineTool(server, context, 'get_task_series', {
    title: 'Get a recurring task',
    description:
      'One recurring task: its template, schedule and status, the next occurrences not yet created (`upcoming`, at ' +
      'most 5, each with `occurrenceAt`, `createsAt` when its task is created and charged, and `skipped`) and the ' +
      'tasks created so far (latest first, at most 20; follow one with get_task). Errors: NOT_FOUND. Read-only, free.',
    input: z.strictObject({ series_id: seriesIdArg }),
    annotations: { readOnlyHint: true, idempotentHint: true },
    run: async (args, { signal }) => {
      const { data } = await client.GET('/v1/task-series/{id}', { params: { path: { id: args.series_id } }, signal });
      return success({ series: data }, renderSeries(data));
    },
  });

  defineTool(server, context, 'update_task_series', {
    title: 'Change a recurring task',
    description:
      'Changes the template (only the fields given in `template`) or the schedule of a recurring task from its next ' +
      'occurrence not yet created on; tasks already created keep what they were created with, and a changed ' +
      `schedule starts after the last occurrence created (or now). ${SCHEDULE_NOTE} Send at least one field. ` +
      `Returns {series, idempotencyKey}. Errors: ${ERRORS_OF_ACTIONS}, VALIDATION_ERROR naming the field.`,
    input: z
      .strictObject({
        series_id: seriesIdArg,
        template: patch.template,
        ...scheduleChangeArgs,
        idempotency_key: idempotencyKeyArg,
      })
      .refine(({ series_id: _id, idempotency_key: _key, ...fields }) => Object.keys(fields).length > 0, {
        message: 'Send at least one field to change',
      }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    run: async (args, { signal }) => {
      const idempotencyKey = newIdempotencyKey(args.idempotency_key);
      const { data } = await client.PATCH('/v1/task-series/{id}', {
        params: { path: { id: args.series_id } },
        body: { ...scheduleBody(args), template: args.template },
        idempotencyKey,
        signal,
      });
      return success({ series: data, idempotencyKey }, `Updated: ${renderSeries(data)}`);
    },
  });

  const action = (
    name: string,
    path: '/v1/task-series/{id}/pause' | '/v1/task-series/{id}/resume' | '/v1/task-series/{id}/end',
    title: string,
    description: string,
    destructive: boolean,
  ) =>
    defineTool(server, context, name, {
      title,
      description: `${description} Returns {series, idempotencyKey}, the series as it now is.`,
      input: z.strictObject({ series_id: seriesIdArg, idempotency_key: idempotencyKeyArg }),
      annotations: { readOnlyHint: false, destructiveHint: destructive, idempotentHint: true },
      run: async (args, { signal }) => {
        const idempotencyKey = newIdempotencyKey(args.idempotency_key);
        const { data } = await client.POST(path, { params: { path: { id: args.series_id } }, idempotencyKey, signal });
        return success({ series: data, idempotencyKey }, renderSeries(data));
      },
    });

  action(
    'pause_task_series',
    '/v1/task-series/{id}/pause',
    'Pause a recurring task',
    'Stops creating occurrences until resume_task_series; tasks already created go on. No money moves. ' +
      `Errors: ${ERRORS_OF_ACTIONS}.`,
    false,
  );
  action(
    'resume_task_series',
    '/v1/task-series/{id}/resume',
    'Resume a paused recurring task',
    'Goes on from the next occurrence after now (those missed while paused are not made up); its tasks are ' +
      'charged to the saved card as before, so COSTS MONEY from then on. Errors: ' +
      `${ERRORS_OF_ACTIONS}, CARD_REQUIRED (the saved card is gone).`,
    false,
  );
  action(
    'end_task_series',
    '/v1/task-series/{id}/end',
    'End a recurring task for good',
    'Creates no more occurrences, ever (irreversible; pause_task_series to stop for a while); tasks already ' +
      'created stay and go on. Ending an ended series is no error. Errors: NOT_FOUND.',
    true,
  );

  defineTool(server, context, 'skip_series_occurrence', {
    title: 'Skip one upcoming occurrence',
    description:
      'Skips one occurrence not yet created: no task is created or charged for it, and the series goes on after ' +
      'it (a skipped occurrence still counts toward `count`). Name it by its start, `occurrenceAt` from ' +
      'get_task_series’s `upcoming`. Errors: VALIDATION_ERROR on `occurrenceAt` (not an upcoming occurrence of ' +
      'this series), OCCURRENCE_ALREADY_CREATED (its task exists, `details.taskId`: cancel_task that task ' +
      `instead), ${ERRORS_OF_ACTIONS}. Returns {series, idempotencyKey}.`,
    input: z.strictObject({
      series_id: seriesIdArg,
      occurrence_at: skipOccurrenceBodySchema.shape.occurrenceAt,
      idempotency_key: idempotencyKeyArg,
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    run: async (args, { signal }) => {
      const idempotencyKey = newIdempotencyKey(args.idempotency_key);
      const { data } = await client.POST('/v1/task-series/{id}/skip', {
        params: { path: { id: args.series_id } },
        body: { occurrenceAt: args.occurrence_at },
        idempotencyKey,
        signal,
      });
      return success({ series: data, idempotencyKey }, `Skipped ${args.occurrence_at}: ${renderSeries(data)}`);
    },
  });
}

function renderCadence(cadence: Record<string, unknown>): string {
  if (cadence.kind === 'days') return `every ${cadence.everyDays} day(s)`;
  const weeks =
    cadence.intervalWeeks === 1 || cadence.intervalWeeks === undefined
      ? 'every week'
      : `every ${cadence.intervalWeeks} weeks`;
  return `${weeks} on ${(cadence.days as string[] | undefined)?.join(', ') ?? '?'}`;
}

function renderSeries(series: Series | SeriesDetail): string {
  const { template } = series;
  const budget = typeof template.budgetCents === 'number' ? `, ${formatMoney(template.budgetCents)} each` : '';
  const end = series.endsOn ? `until ${series.endsOn}` : `${series.count} occurrence(s) in all`;
  const lines = [
    `Series ${series.id}: "${String(template.title ?? '')}"${budget}`,
    `  status: ${series.status}${series.pausedReason ? ` (${series.pausedReason})` : ''}${series.livemode ? '' : ' (test mode)'}`,
    `  ${renderCadence(series.cadence)} in ${series.timeZone}, ${end}; each task created ${series.leadHours} h ahead`,
    `  next occurrence: ${series.nextOccurrenceAt ?? 'none left'}`,
  ];
  if ('upcoming' in series) {
    for (const next of series.upcoming) {
      lines.push(`    ${next.occurrenceAt}${next.skipped ? ' (skipped)' : `, created ${next.createsAt}`}`);
    }
    if (series.tasks.length)
      lines.push(`  tasks so far: ${series.tasks.map((task) => `${task.id} (${task.status})`).join(', ')}`);
  }
  return lines.join('\n');
}
