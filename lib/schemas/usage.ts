import { z } from 'zod';
import { serialPageQuery } from '@/db/cursor';
import { text, timestamp } from './common';
import { defineOperation } from './operation';

/** The widest window one usage query may read: the log keeps 30 days, plus a day of slack for time zones. */
export const MAX_USAGE_RANGE_DAYS = 31;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The `[from, to]` a usage query reads: what was given, else `to` = now and `from` = `to` − `defaultDays`. */
export function usageRange(query: { from?: string; to?: string }, defaultDays: number, now = new Date()) {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - defaultDays * DAY_MS);
  return { from, to };
}

const isoTime = z.iso.datetime({ offset: true }).describe('ISO-8601 time, e.g. `2026-11-01T00:00:00Z`.');

/** The query's own fields plus `from`/`to`, refused when `from` is after `to` or the range is over 31 days. */
function withRange<Shape extends z.ZodRawShape>(shape: Shape, defaultDays: number) {
  return z
    .object({
      ...shape,
      from: isoTime.optional().describe(`Oldest request time (inclusive). Default: \`to\` − ${defaultDays} days.`),
      to: isoTime.optional().describe('Newest request time (inclusive). Default: now.'),
    })
    .superRefine((query, context) => {
      const { from, to } = usageRange(query as { from?: string; to?: string }, defaultDays);
      if (from > to) context.addIssue({ code: 'custom', path: ['from'], message: 'Must not be after `to`' });
      else if (to.getTime() - from.getTime() > MAX_USAGE_RANGE_DAYS * DAY_MS) {
        const message = `The range must be ${MAX_USAGE_RANGE_DAYS} days or less`;
        context.addIssue({ code: 'custom', path: ['from'], message });
      }
    });
}

export const USAGE_LOG_DEFAULT_DAYS = 7;
export const USAGE_SUMMARY_DEFAULT_DAYS = 30;

export const statusClasses = ['2xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof statusClasses)[number];
export const usageGroupings = ['day', 'key', 'agent', 'route'] as const;
export type UsageGrouping = (typeof usageGroupings)[number];

const usageLogQuery = withRange(
  {
    ...serialPageQuery.shape,
    keyId: z.uuid().optional().describe('Only requests made with this key (one of yours or your agents’).'),
    agentId: z.uuid().optional().describe('Only requests made with this agent’s keys.'),
    status: z.enum(statusClasses).optional().describe('Only answers of this status class.'),
    route: text(200).optional().describe('Only this operation, by its path template (`/v1/tasks/{taskId}`).'),
  },
  USAGE_LOG_DEFAULT_DAYS,
);

export const usageLogEntrySchema = z
  .object({
    id: z.string().describe('The log row’s id (a decimal integer).'),
    at: timestamp.describe('When the request arrived.'),
    method: z.string(),
    route: z.string().describe('The operation’s path template, e.g. `/v1/tasks/{taskId}`.'),
    status: z.number().int(),
    latencyMs: z.number().int(),
    keyId: z.uuid(),
    keyPrefix: z.string().nullable().describe('The key’s visible prefix; null once the key itself is gone.'),
    agentId: z.uuid().nullable().describe('The agent the key belongs to; null for the operator’s own keys.'),
    ip: z.string().nullable(),
  })
  .meta({ id: 'UsageLogEntry' });

export const listUsageLogsOperation = defineOperation({
  method: 'GET',
  path: '/v1/operators/me/usage/logs',
  operationId: 'listUsageLogs',
  summary: 'Requests made with your keys and your agents’ keys, newest first',
  description:
    'Every request that authenticated with a key, refusals (403, 429) included, kept 30 days and written in ' +
    'batches (about a second late). With a session: the operator’s own keys and all its agents’ keys, deleted ' +
    'agents included. With an API key: only that key’s own requests (an agent reads its own errors). A `keyId` ' +
    'or `agentId` that is not yours gives an empty page. Range: default the last 7 days, at most 31.',
  tags: ['Usage'],
  auth: 'any',
  query: usageLogQuery,
  response: z.array(usageLogEntrySchema),
  listEnvelope: true,
});

export const usageSummaryRowSchema = z
  .object({
    group: z.string().describe('The UTC day (`YYYY-MM-DD`), key id, agent id (`operator` for your own keys) or route.'),
    requests: z.number().int(),
    errors: z.number().int().describe('Requests answered with a status of 400 or more.'),
    p50LatencyMs: z.number().int().describe('Median latency in milliseconds.'),
    p95LatencyMs: z.number().int(),
  })
  .meta({ id: 'UsageSummaryRow' });

export const getUsageSummaryOperation = defineOperation({
  method: 'GET',
  path: '/v1/operators/me/usage/summary',
  operationId: 'getUsageSummary',
  summary: 'Requests, errors and latency of your keys and your agents’ keys, grouped',
  description:
    'Groups by UTC day (oldest first; days without requests are left out), key, agent or route (busiest ' +
    'first). Same scope as the logs. Range: default the last 30 days, at most 31.',
  tags: ['Usage'],
  auth: 'session',
  query: withRange(
    { groupBy: z.enum(usageGroupings).default('day').describe('How to group the requests.') },
    USAGE_SUMMARY_DEFAULT_DAYS,
  ),
  response: z.array(usageSummaryRowSchema),
});
