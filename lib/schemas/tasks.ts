import { z } from 'zod';
import { placePrecision, type TaskStatus, taskStatus } from '@/db/schema/tasks';
import {
  BUDGET_MAX_CENTS,
  BUDGET_MIN_CENTS,
  MAX_DEADLINE_DAYS,
  PROOF_REQUIREMENTS,
  TASK_CATEGORIES,
} from '@/lib/tasks/task-rules';
import { roundDegrees, text, timestamp } from './common';

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
          'shown nor checked (a `gps` proof is not held to the 500 m radius).',
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
  })
  .meta({ id: 'TaskBody' });

export type TaskBody = z.infer<typeof taskBodySchema>;

export const TASK_STATUSES = taskStatus.enumValues;

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
    instructions: z
      .string()
      .nullable()
      .optional()
      .describe('Private: present only for the requester side and the assigned worker.'),
    status: z.enum(TASK_STATUSES),
    livemode: z.boolean(),
    requesterId: z.uuid(),
    workerId: z.uuid().nullable(),
    fundingSource: z.enum(['card', 'x402']).nullable().describe('How the task was funded when it was posted.'),
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
      })
      .nullable()
      .describe('The worker’s latest submission; null until the first one.'),
    reviewDueAt: timestamp
      .nullable()
      .describe('While `submitted`: when the task completes by itself unless the requester answers.'),
    publishedAt: timestamp.nullable(),
    acceptedAt: timestamp.nullable(),
    submittedAt: timestamp.nullable(),
    completedAt: timestamp.nullable(),
    cancelledAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Task' });

export type { TaskStatus };

/** `gps` proof is checked against the task's location, so a task that asks for it must have one. */
export function gpsNeedsLocation(
  task: { proofRequirements?: string[] | undefined; location?: unknown },
  context: z.RefinementCtx,
) {
  if (task.proofRequirements?.includes('gps') && !task.location) {
    context.addIssue({
      code: 'custom',
      path: ['proofRequirements'],
      message: '`gps` proof needs the task’s `location` (a remote task cannot require it)',
    });
  }
}
