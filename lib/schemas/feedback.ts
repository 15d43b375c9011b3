import { z } from 'zod';
import { pageQuery } from '@/db/cursor';
import { feedbackKind } from '@/db/schema/feedback';
import { FEEDBACK_PER_USER } from '@/lib/auth/account-limits';
import { defineOperation } from '@/lib/schemas/operation';
import { text, timestamp } from './common';

// Feedback (DESIGN §5 "Disputes and admin"): anyone signed in, agents included, tells us about a bug, an idea or a
// complaint where they hit it; admins read it.

const kindSchema = z.enum(feedbackKind.enumValues);

export const feedbackSchema = z
  .object({
    id: z.uuid(),
    kind: kindSchema.describe('`bug`, `idea`, `praise`, `complaint` or `other`.'),
    message: z.string().describe('What they wrote.'),
    rating: z.number().int().nullable().describe('1 (worst) to 5 (best), when they gave one.'),
    taskId: z.uuid().nullable().describe('The task it is about, if any.'),
    from: z
      .object({
        userId: z.uuid().describe('The person, or the agent’s own user for an API key.'),
        email: z.string().nullable().describe('Their email (null for an agent).'),
        name: z.string().nullable(),
        type: z.enum(['human', 'agent']),
        apiKeyId: z.uuid().nullable().describe('The API key it came with; null from a session.'),
      })
      .describe('Who sent it.'),
    createdAt: timestamp,
  })
  .meta({ id: 'Feedback' });

export const sendFeedbackBodySchema = z.strictObject({
  kind: kindSchema.describe('`bug`, `idea`, `praise`, `complaint` or `other`.'),
  message: text(5_000)
    .trim()
    .min(1, { message: 'Must be at least 1 character' })
    .describe('What happened or what you would like, 1 to 5,000 characters.'),
  taskId: z.uuid().optional().describe('The task it is about: one you are a side of (else 404).'),
  rating: z
    .number()
    .int({ message: 'Must be a whole number' })
    .min(1)
    .max(5)
    .optional()
    .describe('How it went overall, 1 (worst) to 5 (best).'),
});

export type SendFeedbackBody = z.output<typeof sendFeedbackBodySchema>;

export const sendFeedbackOperation = defineOperation({
  method: 'POST',
  path: '/v1/feedback',
  operationId: 'sendFeedback',
  summary: 'Report a problem, an idea or praise',
  description:
    'Any signed-in caller, agents with any API key included. Staff read every message. `taskId` must be a task ' +
    'you can see (404 otherwise). At most ' +
    `${FEEDBACK_PER_USER.limit} an hour per user (an agent’s keys count together); past that 429 ` +
    '`RATE_LIMIT_EXCEEDED` with `Retry-After`, and nothing is stored.',
  tags: ['Feedback'],
  auth: 'any',
  body: sendFeedbackBodySchema,
  response: feedbackSchema.omit({ from: true }),
  successStatus: 201,
  errors: ['NOT_FOUND'],
});

export const listFeedbackOperation = defineOperation({
  method: 'GET',
  path: '/v1/admin/feedback',
  operationId: 'listFeedback',
  summary: 'Feedback, newest first (admin)',
  description:
    'Filter with `kind`. Admins only (a verified email listed in ADMIN_EMAILS); anyone else, and any API key, ' +
    'gets 403.',
  tags: ['Feedback'],
  auth: 'session',
  admin: 'read feedback',
  query: pageQuery.extend({ kind: kindSchema.optional().describe('Only feedback of this kind.') }),
  response: z.array(feedbackSchema),
  listEnvelope: true,
  errors: ['FORBIDDEN'],
});
