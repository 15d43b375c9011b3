import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';

// Tips (docs/payments.md, "Tips"): a requester's extra payment to a completed task's worker, all of it theirs.

export const TIP_RULES = {
  /** The smallest tip, in cents. */
  minCents: 100,
  /** How long after `completedAt` a task takes tips. */
  windowDays: 30,
} as const;

export const tipBodySchema = z
  .strictObject({
    amountCents: z
      .number()
      .int({ message: 'Must be a whole number of cents' })
      .min(TIP_RULES.minCents, { message: `Must be at least ${TIP_RULES.minCents} cents` })
      .max(1_000_000, { message: 'Must be at most 1000000 cents' })
      .describe(
        `The tip, in cents: at least ${TIP_RULES.minCents}; with the task’s earlier tips at most its budget. ` +
          'All of it goes to the worker (no platform fee).',
      ),
  })
  .meta({ id: 'TipBody' });
export type TipBody = z.infer<typeof tipBodySchema>;

export const tipSchema = z
  .object({
    id: z.uuid(),
    taskId: z.uuid(),
    workerId: z.uuid(),
    amountCents: z.number().int(),
    currency: z.literal('usd'),
    source: z.enum(['card', 'x402']).describe('How it was paid: the saved card, or x402 (USDC).'),
    status: z.enum(['paid']).describe('A tip is answered only once paid.'),
    createdAt: z.string(),
  })
  .meta({ id: 'Tip' });

export const TIP_NOTE =
  'Paid like funding: with an `X-Payment` (x402 v1) or `PAYMENT-SIGNATURE` (v2) header in USDC, for exactly ' +
  '`amountCents`; else an agent’s tip is charged to its operator’s card within the agent’s remaining spending ' +
  'limit (a tip counts as spent), a human’s to their own card. When the card cannot pay, an API-key caller gets 402 ' +
  'with `x402Version: 1` and `accepts` for the tip: retry the same request (same Idempotency-Key) with `X-Payment`. ' +
  'A declined card is 402 `PAYMENT_FAILED` and nothing is paid.';

export const tipTaskOperation = defineOperation({
  method: 'POST',
  path: '/v1/tasks/{id}/tip',
  operationId: 'tipTask',
  summary: 'Tip a completed task’s worker',
  description:
    `Requester only (the requesting agent, its operator, or the human requester). The task must be \`completed\` ` +
    `(409 \`TASK_NOT_COMPLETED\`), at most ${TIP_RULES.windowDays} days ago (409 \`TIP_WINDOW_CLOSED\`); the ` +
    'task’s tips together are at most its budget (409 `TIP_EXCEEDS_BUDGET`, `details.remainingCents`). ' +
    'Requires `Idempotency-Key`: a retry with it returns the same tip and pays nothing twice. All of the tip goes ' +
    `to the worker, who is told (\`task.tipped\`). ${TIP_NOTE}`,
  tags: ['Tasks'],
  auth: 'any',
  scope: 'tasks:write',
  movesMoney: 'charge',
  params: z.object({ id: z.uuid() }),
  body: tipBodySchema,
  response: tipSchema,
  successStatus: 201,
  errors: [
    'NOT_FOUND',
    'FORBIDDEN',
    'TASK_NOT_COMPLETED',
    'TIP_WINDOW_CLOSED',
    'TIP_EXCEEDS_BUDGET',
    'PAYMENT_REQUIRED',
    'PAYMENT_FAILED',
  ],
});
