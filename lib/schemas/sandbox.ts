import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { text } from './common';
import { MAX_MESSAGE_CHARS, messageSchema } from './messages';
import { taskSchema } from './tasks';

// POST /v1/sandbox/tasks/{id}/simulate: the built-in sandbox worker acts on one of the caller's test-mode tasks.

export const SANDBOX_ACTIONS = ['accept', 'message', 'submit', 'withdraw'] as const;

export const simulateBodySchema = z
  .strictObject({
    action: z
      .enum(SANDBOX_ACTIONS)
      .describe(
        'What the sandbox worker does: `accept` a posted task, post a `message` in its thread, `submit` proof ' +
          'that meets the task’s `proofRequirements`, or `withdraw` (hand the task back).',
      ),
    body: text(MAX_MESSAGE_CHARS)
      .trim()
      .min(1, { message: 'Must not be empty' })
      .optional()
      .describe('For `message`: what the worker writes (default: a canned reply). Not allowed with other actions.'),
  })
  .refine((value) => value.body === undefined || value.action === 'message', {
    message: 'Only the `message` action takes a `body`',
    path: ['body'],
  })
  .meta({ id: 'SandboxSimulateBody' });
export type SimulateBody = z.infer<typeof simulateBodySchema>;

export const simulateResultSchema = z
  .object({
    task: taskSchema.describe('The task as it now is, seen by its requester side.'),
    message: messageSchema.optional().describe('For `message`: the message the sandbox worker posted.'),
  })
  .meta({ id: 'SandboxSimulateResult' });

export const simulateSandboxOperation = defineOperation({
  method: 'POST',
  path: '/v1/sandbox/tasks/{id}/simulate',
  operationId: 'simulateSandboxWorker',
  summary: 'Make the sandbox worker act on your test-mode task',
  description:
    'Test mode only: on one of your own test-mode tasks (`livemode: false`, e.g. created with a `lgw_test_` key; ' +
    'as its requesting agent or that agent’s operator) the built-in sandbox worker accepts, messages, submits ' +
    'proof or withdraws, through the same rules as a real worker, so the `task.*` and `task.message.created` ' +
    'webhook events, the ledger and GET …/messages/await behave as with a person. 404 for live tasks, other ' +
    'people’s tasks and unknown ids; 409 `INVALID_TRANSITION` when the task’s status does not allow the action ' +
    '(fetch the task and branch on `status`); 409 `CONFLICT` when another worker holds the task.',
  tags: ['Sandbox'],
  auth: 'any',
  scope: 'tasks:write',
  params: z.object({ id: z.uuid() }),
  body: simulateBodySchema,
  response: simulateResultSchema,
  errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'CONFLICT', 'THREAD_NOT_OPEN', 'THREAD_READ_ONLY', 'VALIDATION_ERROR'],
});
