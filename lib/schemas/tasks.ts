import { z } from 'zod';
import { autoApprove, placePrecision, type TaskStatus, taskStatus } from '@/db/schema/tasks';
import {
  DEFAULT_AUTO_APPROVE_AFTER_MINUTES,
  DEFAULT_PROOF_RADIUS_METERS,
  MAX_AUTO_APPROVE_AFTER_MINUTES,
  MAX_PROOF_RADIUS_METERS,
  MIN_PROOF_RADIUS_METERS,
  REQUIRABLE_CHECKS,
} from '@/lib/tasks/proof-verification';
import {
  BUDGET_MAX_CENTS,
  BUDGET_MIN_CENTS,
  MAX_ACCEPT_WITHIN_MINUTES,
  MAX_DEADLINE_DAYS,
  PROOF_REQUIREMENTS,
  TASK_CATEGORIES,
} from '@/lib/tasks/task-rules';
import { roundDegrees, text, timestamp } from './common';
import { proofVerificationSchema } from './proof-verification';

const DAY_MS = 24 * 60 * 60 * 1000;

export const taskLocationSchema = z
  .strictObject({
    lat: z.number().min(-90).max(90).overwrite(roundDegrees),
    lng: z.number().min(-180).max(180).overwrite(roundDegrees),
    address: text(500).optional(),
    precision: z
      .enum(placePrecision.enumValues)
      .optional()
      .describe(
        'How exact `lat`/`lng` are: `city` (a city’s centre, e.g. from GET /v1/geo/places), `address` (a geocoded ' +
          'street address) or `point` (the exact spot). Defaults to `point`. Distances from a `city` are neither ' +
          'shown nor checked (a `gps` proof is not held to `proofRadiusMeters`, the `location` check is `unknown`).',
      ),
  })
  .meta({ id: 'TaskLocation' });

/** The task body of create, propose and update (DESIGN §4 "Tasks"). */
export const taskBodySchema = z
  .strictObject({
    title: text(200).trim().min(1, { message: 'Must be at least 1 character' }),
    description: text(5_000).optional(),
    category: z
      .enum(TASK_CATEGORIES)
      .optional()
      .describe(`One of ${TASK_CATEGORIES.join(', ')}. Defaults to other.`),
    location: taskLocationSchema.nullable().optional().describe('Where the work happens; null or absent = remote.'),
    budgetCents: z
      .number()
      .int({ message: 'Must be a whole number of cents' })
      .min(BUDGET_MIN_CENTS, { message: `Must be at least ${BUDGET_MIN_CENTS} cents` })
      .max(BUDGET_MAX_CENTS, { message: `Must be at most ${BUDGET_MAX_CENTS} cents` })
      .optional()
      .describe('What the worker earns, in cents. The platform adds a 15% fee.'),
    deadline: z.iso
      .datetime({ offset: true })
      .refine((value) => new Date(value).getTime() > Date.now(), { message: 'Must be in the future' })
      .refine((value) => new Date(value).getTime() <= Date.now() + MAX_DEADLINE_DAYS * DAY_MS, {
        message: `Must be at most ${MAX_DEADLINE_DAYS} days from now`,
      })
      .optional(),
    requiredSkills: z.array(text(50).trim().min(1)).max(20).optional(),
    proofRequirements: z
      .array(z.enum(PROOF_REQUIREMENTS))
      .optional()
      .describe(`Any of ${PROOF_REQUIREMENTS.join(', ')}.`),
    instructions: text(5_000).optional().describe('Private: shown only to the assigned worker.'),
    proofRadiusMeters: z
      .number()
      .int({ message: 'Must be a whole number of metres' })
      .min(MIN_PROOF_RADIUS_METERS, { message: `Must be at least ${MIN_PROOF_RADIUS_METERS} m` })
      .max(MAX_PROOF_RADIUS_METERS, { message: `Must be at most ${MAX_PROOF_RADIUS_METERS} m` })
      .optional()
      .describe(
        `How near the task’s place a photo must be taken for the \`location\` check to pass, in metres. Defaults to ${DEFAULT_PROOF_RADIUS_METERS}.`,
      ),
    requiredChecks: z
      .array(z.enum(REQUIRABLE_CHECKS))
      .max(10)
      .optional()
      .describe(
        'Checks a submission must pass, else it is refused with 400 `PROOF_CHECK_FAILED` (`location`: photos ' +
          'taken at the place with location on; `in_app_capture`: taken in the app, not picked from a gallery). ' +
          '`location` needs a task place more exact than a `city`. Defaults to none.',
      ),
    autoApprove: z
      .enum(autoApprove.enumValues)
      .optional()
      .describe(
        '`when_passed`: a submission whose verdict is `passed` completes by itself after `autoApproveAfterMinutes` ' +
          'unless the requester acts first; `never` (the default): only the 72-hour review window does.',
      ),
    autoApproveAfterMinutes: z
      .number()
      .int({ message: 'Must be a whole number of minutes' })
      .min(0, { message: 'Must be at least 0' })
      .max(MAX_AUTO_APPROVE_AFTER_MINUTES, { message: `Must be at most ${MAX_AUTO_APPROVE_AFTER_MINUTES} minutes` })
      .optional()
      .describe(
        `With \`autoApprove: when_passed\`, minutes from a passed submission to its completion. Defaults to ${DEFAULT_AUTO_APPROVE_AFTER_MINUTES}.`,
      ),
    acceptBy: z.iso
      .datetime({ offset: true })
      // A malformed time has its own issue already.
      .refine((value) => !(new Date(value).getTime() <= Date.now()), { message: 'Must be in the future' })
      .nullable()
      .optional()
      .describe(
        'The accept-by guarantee: if no worker has accepted the task by this time, it expires and is refunded in ' +
          'full (`task.expired` with `reason: not_accepted`). At most the deadline. Null clears it.',
      ),
    acceptWithinMinutes: z
      .number()
      .int({ message: 'Must be a whole number of minutes' })
      .min(1, { message: 'Must be at least 1' })
      .max(MAX_ACCEPT_WITHIN_MINUTES, { message: `Must be at most ${MAX_ACCEPT_WITHIN_MINUTES} minutes` })
      .optional()
      .describe(
        '`acceptBy` relative to posting: the task expires, refunded, if nobody accepts it within this many minutes ' +
          'of being posted (of now, for a task already posted). GET /v1/geo/coverage suggests a value.',
      ),
  })
  .meta({ id: 'TaskBody' });

export type TaskBody = z.infer<typeof taskBodySchema>;

export const TASK_STATUSES = taskStatus.enumValues;

const cancellationPolicySchema = z
  .object({
    freeMinutes: z.number().int().describe('Minutes after acceptance in which a cancel is refunded in full.'),
    feePercent: z.number().int().describe('The late-cancel fee as a percentage of the budget…'),
    feeMinCents: z.number().int().describe('…but at least this, and never more than the budget.'),
    lateFeeCents: z
      .number()
      .int()
      .describe('The late-cancel fee this task’s budget gives; all of it goes to the worker.'),
    freeUntil: timestamp
      .nullable()
      .describe('While accepted: until when a cancel is free (acceptance + `freeMinutes`).'),
    noShowFrom: timestamp
      .nullable()
      .describe(
        'While accepted: from when a cancel is free again if no proof was submitted (the worker is a no-show).',
      ),
    ifCancelledNow: z
      .object({
        reason: z
          .enum(['unassigned', 'free_window', 'no_show', 'late'])
          .describe('`late`: the worker gets `feeCents`; every other reason is a full refund.'),
        feeCents: z.number().int().describe('What the worker would get.'),
        refundCents: z.number().int().describe('What would be refunded to the payer.'),
      })
      .nullable()
      .describe(
        'What POST /v1/tasks/{id}/cancel would do at the time of this response; null where cancel is not possible.',
      ),
  })
  .describe('What cancelling costs (docs/tasks.md "Cancellation fees"). The no-show cancel stays free.')
  .meta({ id: 'CancellationPolicy' });

export const taskSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string().nullable(),
    category: z.string(),
    location: z
      .object({
        lat: z.number(),
        lng: z.number(),
        address: z.string().nullable(),
        precision: z.enum(placePrecision.enumValues).describe('How exact `lat`/`lng` are (see TaskLocation).'),
      })
      .nullable(),
    budgetCents: z.number().int().describe('What the worker earns.'),
    platformFeeCents: z.number().int().describe('The platform’s 15% fee.'),
    totalCents: z.number().int().describe('What the requester pays: budget + fee.'),
    currency: z.literal('usd'),
    deadline: timestamp,
    requiredSkills: z.array(z.string()),
    proofRequirements: z.array(z.string()),
    proofRadiusMeters: z.number().int().describe('How near the place a photo must be for the `location` check.'),
    requiredChecks: z
      .array(z.string())
      .describe('Checks a submission must pass, else it is refused (400 `PROOF_CHECK_FAILED`).'),
    autoApprove: z
      .enum(autoApprove.enumValues)
      .describe('`when_passed`: a `passed` submission completes after `autoApproveAfterMinutes`.'),
    autoApproveAfterMinutes: z.number().int().describe('Minutes from a passed submission to its auto-approval.'),
    instructions: z
      .string()
      .nullable()
      .optional()
      .describe('Private: present only for the requester side and the assigned worker.'),
    status: z.enum(TASK_STATUSES),
    livemode: z.boolean(),
    requesterId: z.uuid(),
    workerId: z.uuid().nullable(),
    fundingSource: z
      .enum(['card', 'x402', 'mpp'])
      .nullable()
      .describe(
        'How the task was funded when it was posted: `card` (the operator’s saved card), `x402` (USDC) or `mpp` (a Shared Payment Token).',
      ),
    revisionCount: z.number().int().describe('Revisions requested so far (at most 2).'),
    proof: z
      .object({
        note: z.string().nullable(),
        photos: z.array(z.object({ id: z.uuid(), url: z.string() })),
        location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
        distanceMeters: z
          .number()
          .int()
          .nullable()
          .describe('From the task’s location, when both are known and the task’s place is not only a `city`.'),
        submittedAt: timestamp,
        verification: proofVerificationSchema
          .nullable()
          .describe('The verdict on this submission; null for submissions made before verdicts were computed.'),
      })
      .nullable()
      .describe('The worker’s latest submission; null until the first one.'),
    reviewDueAt: timestamp
      .nullable()
      .describe(
        'While `submitted`: when the task completes by itself unless the requester answers (the auto-approval ' +
          'time of a `passed` verdict on a `when_passed` task, else 72 hours after the submission).',
      ),
    acceptBy: timestamp
      .nullable()
      .describe(
        'The accept-by guarantee: a posted task nobody accepts by then is expired and refunded in full. Null: none, ' +
          'or not yet posted (see `acceptWithinMinutes`), or met (a worker accepted).',
      ),
    acceptWithinMinutes: z
      .number()
      .int()
      .nullable()
      .describe('The guarantee as asked, relative to posting; `acceptBy` is set from it when the task is posted.'),
    cancellationPolicy: cancellationPolicySchema,
    publishedAt: timestamp.nullable(),
    acceptedAt: timestamp.nullable(),
    submittedAt: timestamp.nullable(),
    completedAt: timestamp.nullable(),
    cancelledAt: timestamp.nullable(),
    cancellationFeeCents: z
      .number()
      .int()
      .nullable()
      .describe('What a late cancel paid the worker (the rest was refunded); null for any other cancel or end.'),
    createdAt: timestamp,
    updatedAt: timestamp,
    seriesId: z.uuid().optional().describe('Present on an occurrence of a recurring task: its series.'),
    occurrenceAt: timestamp.optional().describe('With `seriesId`: when this occurrence starts.'),
    reservedUntil: timestamp
      .nullable()
      .optional()
      .describe('With `seriesId`: until when only the series’ last worker may accept it; null when open to all.'),
  })
  .meta({ id: 'Task' });

export type { TaskStatus };

/**
 * A task body's rules across fields: proof rules that need the task's place (`gps` proof is checked against it, and a
 * `location` floor could never pass on a remote task or one placed only at a city's centre), and the accept-by
 * guarantee's (`acceptByIssues`).
 */
export function taskBodyRules(task: PlaceRulesInput & AcceptByInput, context: z.RefinementCtx) {
  for (const issue of [...placeIssues(task), ...acceptByIssues(task)]) context.addIssue({ code: 'custom', ...issue });
}

type AcceptByInput = {
  acceptBy?: string | Date | null | undefined;
  acceptWithinMinutes?: number | null | undefined;
  deadline?: string | Date | undefined;
};

/** One form of the guarantee at a time, and never past the deadline (the task would expire first anyway). */
export function acceptByIssues(task: AcceptByInput): { path: string[]; message: string }[] {
  if (task.acceptBy != null && task.acceptWithinMinutes != null) {
    return [{ path: ['acceptWithinMinutes'], message: 'Send acceptBy or acceptWithinMinutes, not both' }];
  }
  if (task.acceptBy != null && task.deadline !== undefined) {
    if (new Date(task.acceptBy).getTime() > new Date(task.deadline).getTime()) {
      return [{ path: ['acceptBy'], message: 'Must be at or before the deadline' }];
    }
  }
  return [];
}

type PlaceRulesInput = {
  proofRequirements?: readonly string[] | undefined;
  requiredChecks?: readonly string[] | undefined;
  /** Null or absent: a remote task. */
  location?: { precision?: string | null } | null | undefined;
};

/** The issues of the place rules of `taskBodyRules`, for a body or a stored task merged with its patch (patch-task.ts). */
export function placeIssues(task: PlaceRulesInput): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (task.proofRequirements?.includes('gps') && !task.location) {
    issues.push({
      path: ['proofRequirements'],
      message: '`gps` proof needs the task’s `location` (a remote task cannot require it)',
    });
  }
  if (task.requiredChecks?.includes('location')) {
    if (!task.location) {
      issues.push({
        path: ['requiredChecks'],
        message: 'A remote task has no place to check: `location` could never pass',
      });
    } else if (task.location.precision === 'city') {
      issues.push({
        path: ['requiredChecks'],
        message: 'The task’s place is only a city’s centre, so `location` could never pass: give an address or point',
      });
    }
  }
  return issues;
}
