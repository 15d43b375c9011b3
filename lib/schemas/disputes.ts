import { z } from 'zod';
import { pageQuery } from '@/db/cursor';
import { disputeOutcome, disputeParty, disputeStatus } from '@/db/schema/disputes';
import { defineOperation } from '@/lib/schemas/operation';
import { text, timestamp } from './common';

// Disputes as a resource (DESIGN §5 "Disputes and admin"): opened with POST /v1/tasks/{id}/dispute, read by the
// task's two sides and by admins, argued with evidence, resolved by an admin (POST /v1/tasks/{id}/resolve is the
// older alias of the resolve operation).

const disputeParams = z.object({ id: z.uuid() });

/** A stored time (a `Date` from the services) as the ISO string the API shows. */
const at = z
  .date()
  .transform((value) => value.toISOString())
  .pipe(timestamp);

export const disputeEvidenceSchema = z
  .object({
    id: z.uuid(),
    by: z.enum(disputeParty.enumValues).describe('Who put it forward: `requester`, `worker` or `admin`.'),
    text: z.string().describe('What they say.'),
    uploadIds: z.array(z.uuid()).describe('Their own uploads (POST /v1/uploads): photos, receipts.'),
    createdAt: at,
  })
  .meta({ id: 'DisputeEvidence' });

export const disputeResolutionResultSchema = z
  .object({
    outcome: z.enum(disputeOutcome.enumValues).describe('`refund`, `pay_worker` or `split`.'),
    workerCents: z.number().int().describe('What the worker was paid of the budget (before the platform fee).'),
    refundCents: z.number().int().describe('What went back to the requester.'),
    note: z.string().nullable().describe('The admin’s reasons, shown to both sides.'),
    resolvedAt: at,
  })
  .meta({ id: 'DisputeResolutionResult' });

export const disputeSchema = z
  .object({
    id: z.uuid(),
    taskId: z.uuid(),
    openedBy: z.enum(['requester', 'worker']).describe('The side that opened it.'),
    reason: z.string().describe('Why, in one line.'),
    details: z.string().nullable().describe('The longer account given when opening it.'),
    status: z.enum(disputeStatus.enumValues).describe('`open` until an admin resolves it.'),
    createdAt: at,
    evidence: z.array(disputeEvidenceSchema).describe('Everything put forward, oldest first.'),
    resolution: disputeResolutionResultSchema.nullable().describe('How it ended; null while open.'),
  })
  .meta({ id: 'Dispute' });

const workerCents = z
  .number()
  .int({ message: 'Must be a whole number of cents' })
  .min(1, { message: 'Must be at least 1 cent' })
  .optional()
  .describe('For `split` only (required then): what the worker gets of the budget, 1 to budget − 1.');

export const disputeResolveBodySchema = z
  .strictObject({
    outcome: z.enum(disputeOutcome.enumValues).describe('Where the escrow goes.'),
    workerCents,
    note: text(2_000).trim().min(1, { message: 'Must not be empty' }).describe('Why, 1 to 2,000 characters.'),
  })
  .meta({ id: 'DisputeResolveBody' });

const BOTH_SIDES =
  'The task’s requester (or the operator of the requesting agent) and its worker see their own disputes; admins ' +
  '(a verified email listed in ADMIN_EMAILS) see all. Anyone else gets 404.';

export const listDisputesOperation = defineOperation({
  method: 'GET',
  path: '/v1/disputes',
  operationId: 'listDisputes',
  summary: 'Disputes you are part of (admins: all), oldest first',
  description: `Filter with \`status\`. ${BOTH_SIDES}`,
  tags: ['Disputes'],
  auth: 'any',
  scope: 'tasks:read',
  query: pageQuery.extend({
    status: z.enum(disputeStatus.enumValues).optional().describe('Only `open` or only `resolved` disputes.'),
  }),
  response: z.array(disputeSchema),
  listEnvelope: true,
});

export const getDisputeOperation = defineOperation({
  method: 'GET',
  path: '/v1/disputes/{id}',
  operationId: 'getDispute',
  summary: 'A dispute with its evidence and resolution',
  description: BOTH_SIDES,
  tags: ['Disputes'],
  auth: 'any',
  scope: 'tasks:read',
  params: disputeParams,
  response: disputeSchema,
  errors: ['NOT_FOUND'],
});

export const addDisputeEvidenceOperation = defineOperation({
  method: 'POST',
  path: '/v1/disputes/{id}/evidence',
  operationId: 'addDisputeEvidence',
  summary: 'Put evidence forward (either side, or an admin)',
  description:
    'Text and, optionally, your own uploads (ids from POST /v1/uploads; someone else’s is 400 and nothing is ' +
    'stored). The other side is told. Answers the dispute with the new evidence. 409 `DISPUTE_NOT_OPEN` once ' +
    `resolved. ${BOTH_SIDES}`,
  tags: ['Disputes'],
  auth: 'any',
  scope: 'tasks:write',
  params: disputeParams,
  body: z.strictObject({
    text: text(5_000).trim().min(1, { message: 'Must not be empty' }).describe('What you put forward, 1 to 5,000.'),
    uploadIds: z.array(z.uuid()).max(10).optional().describe('Up to 10 of your own uploads.'),
  }),
  response: disputeSchema,
  successStatus: 201,
  errors: ['NOT_FOUND', 'DISPUTE_NOT_OPEN'],
});

export const resolveDisputeByIdOperation = defineOperation({
  method: 'POST',
  path: '/v1/disputes/{id}/resolve',
  operationId: 'resolveDisputeById',
  summary: 'Resolve a dispute: refund, pay the worker, or split (admin)',
  description:
    '`refund` gives the whole escrow back; `pay_worker` pays the worker as an approval would (the platform keeps ' +
    'its fee); `split` pays the worker `workerCents` of the budget, the platform’s 15% fee is taken on that part ' +
    'only, and the rest of the escrow is refunded. The task moves to `resolved`. Of two resolutions at once ' +
    'exactly one wins; the other is 409. Admins only, with a session (a verified email listed in ADMIN_EMAILS).',
  tags: ['Disputes'],
  auth: 'session',
  admin: 'resolve disputes',
  movesMoney: 'payout',
  params: disputeParams,
  body: disputeResolveBodySchema,
  response: disputeSchema,
  errors: ['FORBIDDEN', 'NOT_FOUND', 'DISPUTE_NOT_OPEN', 'INVALID_TRANSITION'],
});
