import { z } from 'zod';
import { WAIT_KINDS, WAIT_STATUSES } from '@/db/schema/waits';
import { MAX_AWAIT_MESSAGES, messageSchema } from './messages';
import { defineOperation } from './operation';
import { TASK_STATUSES } from './tasks';

// Durable waits on a human: the REST side of MCP Tasks (docs/agents.md, "Waiting"). An agent creates one, then
// reads it from any instance, as often as it likes, until it finishes or its TTL ends.

export const MIN_WAIT_TTL_SECONDS = 60;
export const MAX_WAIT_TTL_SECONDS = 7 * 24 * 3600;
export const DEFAULT_WAIT_TTL_SECONDS = 24 * 3600;
export const MAX_WAIT_POLL_SECONDS = 50;

const deadline = z.iso
  .datetime({ offset: true, message: 'Must be an ISO-8601 date-time with a zone' })
  .optional()
  .describe(
    'When to stop waiting (at most 7 days ahead). The wait then completes with `result.outcome: "deadline"`. ' +
      'Default: the end of its TTL.',
  );
const ttlSeconds = z
  .number()
  .int({ message: 'Must be a whole number of seconds' })
  .min(MIN_WAIT_TTL_SECONDS, { message: `Must be at least ${MIN_WAIT_TTL_SECONDS}` })
  .max(MAX_WAIT_TTL_SECONDS, { message: `Must be at most ${MAX_WAIT_TTL_SECONDS} (7 days)` })
  .optional()
  .describe(
    'How long the wait, and its result, can be read after it was created. Default 1 day; stretched to cover the ' +
      '`deadline` plus an hour.',
  );

export const createWaitBodySchema = z
  .strictObject({
    kind: z
      .enum(['message', 'task_status'])
      .describe('`message`: the worker’s next messages; `task_status`: the task reaching one of `statuses`.'),
    taskId: z.uuid(),
    sinceMessageId: z
      .uuid()
      .optional()
      .describe(
        '`message` only: worker messages after this one count. Default: those after your side’s latest message.',
      ),
    statuses: z
      .array(z.enum(TASK_STATUSES))
      .min(1, { message: 'Name at least one status' })
      .max(TASK_STATUSES.length)
      .optional()
      .describe('`task_status` only (required there): the statuses that end the wait.'),
    deadline,
    ttlSeconds,
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'task_status' && !body.statuses) {
      ctx.addIssue({ code: 'custom', path: ['statuses'], message: 'Required for a `task_status` wait' });
    }
    if (body.kind !== 'task_status' && body.statuses) {
      ctx.addIssue({ code: 'custom', path: ['statuses'], message: 'Only a `task_status` wait takes statuses' });
    }
    if (body.kind !== 'message' && body.sinceMessageId) {
      ctx.addIssue({ code: 'custom', path: ['sinceMessageId'], message: 'Only a `message` wait takes a cursor' });
    }
  });
export type CreateWaitBody = z.output<typeof createWaitBodySchema>;

export const createClaimWaitBodySchema = z.strictObject({ deadline, ttlSeconds });

export const waitQuerySchema = z.object({
  timeoutSec: z.coerce
    .number()
    .int({ message: 'Must be a whole number of seconds' })
    .min(0, { message: 'Must be at least 0' })
    .max(MAX_WAIT_POLL_SECONDS, { message: `Must be at most ${MAX_WAIT_POLL_SECONDS}` })
    .default(0)
    .describe(
      `0 (default): answer at once. 1 to ${MAX_WAIT_POLL_SECONDS}: while the wait is \`working\`, hold the ` +
        'request until it finishes or this many seconds pass (a long poll).',
    ),
});

export const waitSchema = z
  .object({
    id: z.uuid().describe('The wait’s id (over MCP: the task handle).'),
    kind: z.enum(WAIT_KINDS),
    taskId: z.uuid(),
    status: z
      .enum(WAIT_STATUSES)
      .describe('`working` until it finishes: `completed` (see `result`), `failed` (see `error`) or `cancelled`.'),
    statusMessage: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    deadline: z.iso.datetime(),
    expiresAt: z.iso.datetime().describe('After this the wait is gone (404).'),
    ttlMs: z.number().int(),
    pollIntervalMs: z.number().int().describe('How often it is worth reading it again.'),
    result: z
      .object({
        outcome: z
          .enum(['message', 'status', 'claimed', 'ended', 'deadline'])
          .describe(
            '`message`: the worker wrote (`messages`); `status`: the task reached one of `statuses` (`taskStatus`); ' +
              '`claimed`: the human claimed (poll GET /v1/agents/claim/{claimToken} for the key); `ended`: the task ' +
              'ended without it (`taskStatus`); `deadline`: nothing happened before the deadline.',
          ),
        messages: z.array(messageSchema).max(MAX_AWAIT_MESSAGES).optional(),
        cursor: z.uuid().nullable().optional().describe('`message`: the id to wait after next time.'),
        taskStatus: z.enum(TASK_STATUSES).optional(),
      })
      .nullable(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
  })
  .meta({ id: 'Wait' });

const waitParams = z.object({ id: z.uuid() });
const claimParams = z.object({ claimToken: z.string() });
const claimWaitParams = z.object({ claimToken: z.string(), id: z.uuid() });

const WAIT_NOTE =
  'A wait belongs to the key that created it: any other key gets 404, as does a wait past its `expiresAt`.';

export const createWaitOperation = defineOperation({
  method: 'POST',
  path: '/v1/waits',
  operationId: 'createWait',
  summary: 'Start a durable wait for the worker’s next message or a task status',
  description:
    'Answers at once with the wait (often still `working`); read it with GET /v1/waits/{id}. It finishes when a ' +
    'worker message arrives after `sinceMessageId`, when the task reaches one of `statuses`, when the task ends ' +
    'without that (`ended`), or at `deadline`. A condition already met finishes it before this answers. ' +
    `A \`message\` wait needs the \`messages:read\` scope too. ${WAIT_NOTE}`,
  tags: ['Waits'],
  auth: 'apiKey',
  scope: 'tasks:read',
  body: createWaitBodySchema,
  response: waitSchema,
  successStatus: 201,
  errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'LIVEMODE_MISMATCH'],
});

export const getWaitOperation = defineOperation({
  method: 'GET',
  path: '/v1/waits/{id}',
  operationId: 'getWait',
  summary: 'Read a wait, optionally holding until it finishes',
  description: `The wait, with \`result\` once it completed. With \`timeoutSec\` it is a long poll. ${WAIT_NOTE}`,
  tags: ['Waits'],
  auth: 'apiKey',
  scope: 'tasks:read',
  params: waitParams,
  query: waitQuerySchema,
  response: waitSchema,
  errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'RATE_LIMIT_EXCEEDED'],
});

export const cancelWaitOperation = defineOperation({
  method: 'POST',
  path: '/v1/waits/{id}/cancel',
  operationId: 'cancelWait',
  summary: 'Cancel a wait',
  description: `A \`working\` wait becomes \`cancelled\`; a finished one answers 409 CONFLICT. ${WAIT_NOTE}`,
  tags: ['Waits'],
  auth: 'apiKey',
  scope: 'tasks:read',
  params: waitParams,
  response: waitSchema,
  errors: ['NOT_FOUND', 'CONFLICT'],
});

const CLAIM_WAIT_NOTE = 'The claim token is the credential: no API key is needed.';

export const createClaimWaitOperation = defineOperation({
  method: 'POST',
  path: '/v1/agents/claim/{claimToken}/waits',
  operationId: 'createClaimWait',
  summary: 'Start a durable wait for the human to claim a proposed task',
  description:
    'Finishes (`result.outcome: "claimed"`) when the human completed the claim page; then GET ' +
    '/v1/agents/claim/{claimToken} once for the key. Fails with CLAIM_EXPIRED when the claim expires first; ' +
    `completes with \`deadline\` at the deadline. ${CLAIM_WAIT_NOTE}`,
  tags: ['Waits'],
  auth: 'none',
  rateLimit: 'public',
  params: claimParams,
  body: createClaimWaitBodySchema,
  response: waitSchema,
  successStatus: 201,
  errors: ['VALIDATION_ERROR', 'CLAIM_NOT_FOUND'],
});

export const getClaimWaitOperation = defineOperation({
  method: 'GET',
  path: '/v1/agents/claim/{claimToken}/waits/{id}',
  operationId: 'getClaimWait',
  summary: 'Read a claim wait, optionally holding until it finishes',
  description: `As GET /v1/waits/{id}, for a wait made with the claim token. ${CLAIM_WAIT_NOTE}`,
  tags: ['Waits'],
  auth: 'none',
  rateLimit: 'public',
  params: claimWaitParams,
  query: waitQuerySchema,
  response: waitSchema,
  errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'CLAIM_NOT_FOUND', 'RATE_LIMIT_EXCEEDED'],
});

export const cancelClaimWaitOperation = defineOperation({
  method: 'POST',
  path: '/v1/agents/claim/{claimToken}/waits/{id}/cancel',
  operationId: 'cancelClaimWait',
  summary: 'Cancel a claim wait',
  description: `As POST /v1/waits/{id}/cancel. ${CLAIM_WAIT_NOTE}`,
  tags: ['Waits'],
  auth: 'none',
  rateLimit: 'public',
  params: claimWaitParams,
  response: waitSchema,
  errors: ['NOT_FOUND', 'CLAIM_NOT_FOUND', 'CONFLICT'],
});
