import { z } from 'zod';
import { pageQuery } from '@/db/cursor';
import type { ErrorCode } from '@/lib/errors/api-error';
import { defineOperation } from '@/lib/schemas/operation';
import { roundDegrees, text } from './common';
import { TASK_STATUSES, taskBodyRules, taskBodySchema, taskSchema } from './tasks';

// POST/GET /v1/tasks, GET/PATCH /v1/tasks/{id} and one action route per transition of the state machine
// (lib/tasks/task-transitions.ts). Every transition answers the task as it now is.

const taskParams = z.object({ id: z.uuid() });

export const createTaskBodySchema = taskBodySchema
  .extend({
    budgetCents: z
      .number()
      .int({ message: 'Must be a whole number of cents' })
      .min(500, { message: 'Must be at least 500 cents' })
      .max(1_000_000, { message: 'Must be at most 1000000 cents' })
      .describe('What the worker earns, in cents. The platform adds a 15% fee.'),
    draft: z.boolean().optional().describe('Create a `draft` (not funded, not visible to workers); publish it later.'),
  })
  .superRefine(taskBodyRules)
  .meta({ id: 'CreateTaskBody' });

export const taskUpdateSchema = taskBodySchema
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Send at least one field to change' })
  .meta({ id: 'TaskUpdate' });
export type TaskUpdate = z.infer<typeof taskUpdateSchema>;

export const proofBodySchema = z
  .strictObject({
    note: text(5_000)
      .trim()
      .min(1, { message: 'Must not be blank' })
      .optional()
      .describe('What was done; required when the task asks for `text` proof.'),
    photoIds: z
      .array(z.uuid())
      .max(20)
      .optional()
      .describe('Ids from POST /v1/uploads; required for `photo` and `receipt` proof.'),
    location: z
      .strictObject({
        lat: z.number().min(-90).max(90).overwrite(roundDegrees),
        lng: z.number().min(-180).max(180).overwrite(roundDegrees),
      })
      .optional()
      .describe(
        'Where the worker says the proof was taken; for `gps` proof it must be within the task’s ' +
          '`proofRadiusMeters`. The verdict’s `location` check reads the photos’ own positions instead.',
      ),
  })
  // A position alone shows nothing of the work: every proof carries something the requester can judge.
  // A note sent blank has its own issue already.
  .refine((proof) => proof.note !== undefined || (proof.photoIds?.length ?? 0) > 0, {
    path: ['note'],
    message: 'Add a note or at least one photo',
  })
  .describe(
    'At least a `note` or one of `photoIds`, whatever the task requires (else 400 `VALIDATION_ERROR` on `note`).',
  )
  .meta({ id: 'ProofBody' });
export type ProofBody = z.infer<typeof proofBodySchema>;

export const X402_NOTE =
  'Funding: with an `X-Payment` (x402 v1) or `PAYMENT-SIGNATURE` (v2) header the task is paid in USDC; else an ' +
  'agent’s task is charged to its operator’s card within the agent’s remaining spending limit, a human’s to their ' +
  'own card; when the card cannot pay (none, over the limit, declined), every 402 to an API-key caller carries ' +
  '`x402Version: 1` and `accepts` (the hint says why) — retry the same request with `X-Payment`. On success with ' +
  'x402 the answer carries `X-PAYMENT-RESPONSE`. The same 402 also carries an MPP challenge, ' +
  '`WWW-Authenticate: Payment id=…, method="stripe", intent="charge", request=…` (the total in cents in `request`): ' +
  'retry with `Authorization: Bearer <API key>, Payment <credential>` carrying a Shared Payment Token (`spt_…`) ' +
  'and the success carries `Payment-Receipt`. A refused credential is 402 `PAYMENT_FAILED` with the challenge ' +
  'again and `details.reason` one of `malformed-credential`, `invalid-challenge` (not ours, another caller’s or ' +
  'request’s, or for another amount), `payment-expired`, `payment-insufficient` (the token allows less), ' +
  '`verification-failed` (a token or challenge already used, another seller’s, or declined); nothing is charged. ' +
  'A `Payment` credential alone is 401 `UNAUTHORIZED`: it pays, it does not authenticate.';

export const createTaskOperation = defineOperation({
  method: 'POST',
  path: '/v1/tasks',
  operationId: 'createTask',
  summary: 'Create and fund a task (posted to workers at once)',
  description: `Creates a task and funds it, so it is \`posted\` when this answers (or a \`draft\` with \`draft: true\`). ${X402_NOTE}`,
  tags: ['Tasks'],
  auth: 'any',
  scope: 'tasks:write',
  body: createTaskBodySchema,
  response: taskSchema,
  successStatus: 201,
  movesMoney: 'charge',
  errors: ['PAYMENT_REQUIRED', 'PAYMENT_FAILED', 'CONFLICT'],
});

export const listTasksOperation = defineOperation({
  method: 'GET',
  path: '/v1/tasks',
  operationId: 'listTasks',
  summary: 'Your tasks, newest first',
  description:
    'Tasks you requested (with a session: also those of your agents) and tasks assigned to you as a worker. ' +
    'Filter with `role` and `status` (comma-separated).',
  tags: ['Tasks'],
  auth: 'any',
  scope: 'tasks:read',
  query: pageQuery.extend({
    status: z
      .string()
      .transform((value) => value.split(',').map((part) => part.trim()))
      .pipe(z.array(z.enum(TASK_STATUSES)).max(TASK_STATUSES.length))
      .optional()
      .describe(`Comma-separated statuses: ${TASK_STATUSES.join(', ')}.`),
    role: z.enum(['requester', 'worker']).optional().describe('Only tasks you requested, or only your assignments.'),
  }),
  response: z.array(taskSchema),
  listEnvelope: true,
});

export const getTaskOperation = defineOperation({
  method: 'GET',
  path: '/v1/tasks/{id}',
  operationId: 'getTask',
  summary: 'A task: its state and proof',
  description: 'Visible to its requester side, its assigned worker and, while `posted`, to listed workers.',
  tags: ['Tasks'],
  auth: 'any',
  scope: 'tasks:read',
  params: taskParams,
  response: taskSchema,
  errors: ['NOT_FOUND'],
});

export const updateTaskOperation = defineOperation({
  method: 'PATCH',
  path: '/v1/tasks/{id}',
  operationId: 'updateTask',
  summary: 'Change a draft or posted task',
  description: 'Only while `draft` or `posted`; else 409 `INVALID_TRANSITION`. A posted task’s budget is fixed.',
  tags: ['Tasks'],
  auth: 'any',
  scope: 'tasks:write',
  params: taskParams,
  body: taskUpdateSchema,
  response: taskSchema,
  errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
});

/** What every action route shares: POST /v1/tasks/{id}/<action>, answering the task as it now is. */
function actionOperation(action: string, operationId: string, summary: string, description: string) {
  return {
    method: 'POST' as const,
    path: `/v1/tasks/{id}/${action}`,
    operationId,
    summary,
    description,
    tags: ['Tasks'],
    auth: 'any' as const,
    scope: 'tasks:write',
    params: taskParams,
    response: taskSchema,
    errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'FORBIDDEN'] as ErrorCode[],
  };
}

const revisionBody = z.strictObject({
  reason: text(2_000)
    .trim()
    .min(1, { message: 'Say what the worker should change' })
    .describe('What the worker should change; required, not blank. Shown to the worker.'),
});

export const publishTaskOperation = defineOperation({
  ...actionOperation(
    'publish',
    'publishTask',
    'Fund a draft and post it (draft → posted)',
    `Requester only. ${X402_NOTE}`,
  ),
  movesMoney: 'charge',
  errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'FORBIDDEN', 'PAYMENT_REQUIRED', 'PAYMENT_FAILED'],
});

const cancelBody = z
  .strictObject({
    maxFeeCents: z
      .number()
      .int({ message: 'Must be a whole number of cents' })
      .min(0, { message: 'Must be at least 0' })
      .max(1_000_000, { message: 'Must be at most 1000000 cents' })
      .optional()
      .describe(
        'The most you agree the worker gets (the `cancellationPolicy.ifCancelledNow.feeCents` you were shown). If ' +
          'cancelling now would pay more, it is refused with 409 `CANCELLATION_FEE_CHANGED` and nothing moves.',
      ),
  })
  .meta({ id: 'CancelTaskBody' });

export const cancelTaskOperation = defineOperation({
  ...actionOperation(
    'cancel',
    'cancelTask',
    'Cancel a task (draft, posted or accepted → cancelled); refunded, less any late-cancel fee',
    'Requester only; the body is optional. A draft or posted task’s money goes back to where it came from, in ' +
      'full. An accepted task may be cancelled at any time: within `CANCEL_FREE_MINUTES` (default 10) of its ' +
      'acceptance, or once the worker is a no-show (its deadline passed, for a booking ' +
      '`BOOKING_NO_SHOW_GRACE_HOURS` after the slot, with no proof submitted), the refund is full; otherwise the ' +
      'worker gets the late-cancel fee, min(budget, max(`CANCEL_FEE_MIN_CENTS`, `CANCEL_FEE_PERCENT`% of the ' +
      'budget)), defaults $5 and 25%, with no platform fee on it, and the rest is refunded. ' +
      '`cancellationPolicy.ifCancelledNow` on the task says the amounts beforehand; `task.cancelled` carries ' +
      '`cancellation: {reason, feeCents, refundCents}`.',
  ),
  body: cancelBody,
  errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'FORBIDDEN', 'VALIDATION_ERROR', 'CANCELLATION_FEE_CHANGED'],
});

export const acceptTaskOperation = defineOperation({
  ...actionOperation(
    'accept',
    'acceptTask',
    'Accept a posted task (posted → accepted); the thread opens',
    'Listed workers only, never the requester. Of two workers accepting at once exactly one wins; the other gets 409. ' +
      'On a deployment with a live processor a live worker (one with a live payout account) never takes a ' +
      'test-mode task, even with a `lgw_test_` key: 403 `LIVEMODE_MISMATCH`.',
  ),
  errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'FORBIDDEN', 'LIVEMODE_MISMATCH', 'BELOW_MIN_PRICE'],
});

export const withdrawTaskOperation = defineOperation(
  actionOperation(
    'withdraw',
    'withdrawFromTask',
    'Hand an accepted task back (accepted → posted)',
    'The assigned worker only. The task is posted again for other workers.',
  ),
);

export const submitProofOperation = defineOperation({
  ...actionOperation(
    'submit',
    'submitProof',
    'Submit proof (accepted → submitted)',
    'The assigned worker only. The proof must meet the task’s `proofRequirements` (`text`: a `note`; `photo` or ' +
      '`receipt`: at least one of `photoIds`; `gps`: a `location` within `proofRadiusMeters`), else 400 ' +
      '`VALIDATION_ERROR` with `issues` naming each missing field; every proof carries at least a `note` or a ' +
      'photo. The submission gets a verdict (`proof.verification`: place, time, reuse, in-app capture, required ' +
      'items; preview it with POST /v1/tasks/{id}/check-proof); a check the task lists in `requiredChecks` that ' +
      'does not pass refuses it with 400 `PROOF_CHECK_FAILED` and nothing is stored. A booking takes ' +
      'proof only from the start of its slot: before it, 409 `INVALID_TRANSITION` with `details.startsAt`. The ' +
      'requester then has 72 hours to approve or ask for a revision, after which the task completes by itself ' +
      '(sooner for a `passed` verdict on an `autoApprove: when_passed` task: `reviewDueAt`).',
  ),
  body: proofBodySchema,
  errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'FORBIDDEN', 'VALIDATION_ERROR', 'PROOF_CHECK_FAILED'],
});

export const approveTaskOperation = defineOperation({
  ...actionOperation(
    'approve',
    'approveTask',
    'Approve the proof (submitted → completed); the worker is paid',
    'Requester only. The worker receives the budget; the platform keeps its fee. While the worker’s payout ' +
      'account cannot receive transfers the task still completes: the pay is held for the worker and transferred ' +
      '(with `payment.transferred`) once it can. 409 `CONFLICT` if the escrow does not hold the amount.',
  ),
  movesMoney: 'payout',
  errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'FORBIDDEN', 'CONFLICT'],
});

export const requestRevisionOperation = defineOperation({
  ...actionOperation(
    'request-revision',
    'requestRevision',
    'Send the proof back (submitted → accepted)',
    'Requester only, at most twice per task. `reason` is required (blank is 400 `VALIDATION_ERROR` on `reason`) ' +
      'and is passed to the worker in the `task.accepted` event.',
  ),
  body: revisionBody,
});

export const disputeTaskOperation = defineOperation({
  ...actionOperation(
    'dispute',
    'disputeTask',
    'Open a dispute (accepted or submitted → disputed)',
    'Either side. Opens the dispute (GET /v1/disputes/{id}); an admin resolves it.',
  ),
  body: z.strictObject({
    reason: text(2_000).trim().min(1).describe('Why, in one line.'),
    details: text(5_000).trim().min(1).optional().describe('The longer account, up to 5,000 characters.'),
  }),
});

export const disputeResolutionSchema = z
  .strictObject({
    outcome: z.enum(['refund', 'pay_worker', 'split']).describe('Where the escrow goes.'),
    workerCents: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('For `split` only: what the worker gets (below the budget); the rest is refunded.'),
    note: text(2_000).trim().min(1).optional().describe('Why; shown to both sides.'),
  })
  .meta({ id: 'DisputeResolution' });
export type DisputeResolution = z.infer<typeof disputeResolutionSchema>;

export const resolveDisputeOperation = defineOperation({
  ...actionOperation(
    'resolve',
    'resolveDispute',
    'Resolve a dispute (disputed → resolved); admins only',
    'The older alias of POST /v1/disputes/{id}/resolve (same ledger movements, `note` optional here). Refund the ' +
      'requester, pay the worker, or split (the worker gets `workerCents`, the platform’s fee is taken on that ' +
      'part only, the rest is refunded). Admins only, with a session (a verified email listed in ADMIN_EMAILS); ' +
      'an admin may not resolve a dispute on a task where they are a side (403: ask another admin).',
  ),
  auth: 'session',
  admin: 'resolve disputes',
  movesMoney: 'payout',
  scope: undefined,
  body: disputeResolutionSchema,
  errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'FORBIDDEN', 'VALIDATION_ERROR'],
});
