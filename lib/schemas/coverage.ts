import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { TASK_CATEGORIES } from '@/lib/tasks/task-rules';
import { CAPABILITY_CATEGORIES } from '@/lib/workers/capabilities';
import { roundDegrees } from './common';
import { skillList } from './worker-search';

export const COVERAGE_DEFAULT_RADIUS_METERS = 10_000;
export const COVERAGE_MAX_RADIUS_METERS = 200_000;
/** Workers are counted among the COVERAGE_WORKER_CAP nearest listed ones: a count of that many means "at least". */
export const COVERAGE_WORKER_CAP = 1_000;
/** The medians are taken over at most COVERAGE_SAMPLE_CAP tasks, the nearest ones. */
export const COVERAGE_SAMPLE_CAP = 200;
/** Below this many tasks a median is null. */
export const COVERAGE_MIN_SAMPLE = 5;
/** How far back the history reaches. */
export const COVERAGE_HISTORY_DAYS = 90;

/**
 * The skills a coverage quote knows: the capability catalogue's category and capability ids
 * (lib/workers/capabilities.ts: `driving`, `car`, `photography`, `delivery`, `english` …) and the task categories.
 * Workers' own skills are free text; a quote only asks about words from this list, so a typo is a 400, not a
 * silent "nobody here".
 */
export const KNOWN_SKILLS: ReadonlySet<string> = new Set([
  ...CAPABILITY_CATEGORIES.flatMap((category) => [category.id, ...category.capabilities.map((c) => c.id)]),
  ...TASK_CATEGORIES,
]);

const coordinate = (limit: number, what: string) =>
  z.coerce
    .number()
    .min(-limit, { message: `Must be between -${limit} and ${limit}` })
    .max(limit, { message: `Must be between -${limit} and ${limit}` })
    .overwrite(roundDegrees)
    .describe(`${what} of the place, -${limit} to ${limit}.`);

const knownSkillList = skillList.superRefine((skills, context) => {
  const unknown = skills.filter((skill) => !KNOWN_SKILLS.has(skill));
  if (unknown.length === 0) return;
  context.addIssue({
    code: 'custom',
    message: `Unknown skill${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
  });
});

export const coverageQuery = z.object({
  lat: coordinate(90, 'Latitude'),
  lng: coordinate(180, 'Longitude'),
  radiusMeters: z.coerce
    .number()
    .int()
    .min(1)
    .max(COVERAGE_MAX_RADIUS_METERS)
    .default(COVERAGE_DEFAULT_RADIUS_METERS)
    .describe(`Radius in metres, 1 to ${COVERAGE_MAX_RADIUS_METERS.toLocaleString('en')} (default 10,000).`),
  skills: knownSkillList
    .optional()
    .describe(
      'Comma-separated skills the worker needs (at most 20, case-insensitive), from the capability catalogue ' +
        '(`driving`, `car`, `photography`, `delivery`, `english` …) or a task category; an unknown one is a 400.',
    ),
  category: z
    .enum(TASK_CATEGORIES)
    .optional()
    .describe(`The task's category, one of ${TASK_CATEGORIES.join(', ')}: the history is then that category's.`),
});

export type CoverageQuery = z.output<typeof coverageQuery>;

export const coverageSchema = z
  .object({
    listedWorkers: z
      .number()
      .int()
      .describe(
        `Listed workers whose public position is within the radius, counted among the ${COVERAGE_WORKER_CAP} ` +
          `nearest: ${COVERAGE_WORKER_CAP} means at least that many.`,
      ),
    availableNow: z
      .number()
      .int()
      .describe('Of those, the ones taking tasks whose weekly schedule does not say they are away now.'),
    matchingSkills: z.number().int().describe('Of those, the ones with every requested skill (all, when none asked).'),
    medianMinutesToAccept: z
      .number()
      .nullable()
      .describe(
        'Median minutes from posting to acceptance of the sample (tasks within the radius, posted in the last ' +
          `${COVERAGE_HISTORY_DAYS} days, of the category if given, that a worker accepted); null below ` +
          `${COVERAGE_MIN_SAMPLE} tasks.`,
      ),
    suggestedAcceptWithinMinutes: z
      .number()
      .int()
      .nullable()
      .describe(
        'A realistic `acceptWithinMinutes` for a task here: the time within which 80% of the sample was accepted, ' +
          `rounded up to 5 minutes, at least 15; null below ${COVERAGE_MIN_SAMPLE} tasks.`,
      ),
    recommendedBudgetCents: z
      .number()
      .int()
      .nullable()
      .describe(
        `Median budget of the sample's completed tasks, in cents; null below ${COVERAGE_MIN_SAMPLE} completed tasks.`,
      ),
    confidence: z
      .enum(['low', 'medium', 'high'])
      .describe(`From sampleSize: below ${COVERAGE_MIN_SAMPLE} low, below 30 medium, else high.`),
    sampleSize: z
      .number()
      .int()
      .describe(`How many tasks the medians rest on (the nearest ${COVERAGE_SAMPLE_CAP} at most).`),
  })
  .meta({ id: 'Coverage' });

export type Coverage = z.input<typeof coverageSchema>;

export const getCoverageOperation = defineOperation({
  method: 'GET',
  path: '/v1/geo/coverage',
  operationId: 'getCoverage',
  summary: 'Quote a task before posting it: workers near a place and what tasks there took and paid',
  description:
    'How many listed workers are within `radiusMeters` of the point (measured from their public position, ' +
    'rounded to 2 decimals of a degree), how many are available now and how many have every requested skill; ' +
    `and from our own history of the last ${COVERAGE_HISTORY_DAYS} days within the radius (of \`category\` ` +
    'when given; bookings of services left out): the median minutes from posting to acceptance and the median ' +
    `budget of completed tasks, each null below ${COVERAGE_MIN_SAMPLE} tasks, with the sample size and a ` +
    'confidence. Nothing is invented: an area without history says so.',
  tags: ['Geo'],
  auth: 'any',
  scope: 'workers:read',
  query: coverageQuery,
  response: coverageSchema,
});
