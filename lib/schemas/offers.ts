import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { BUDGET_MAX_CENTS, BUDGET_MIN_CENTS } from '@/lib/tasks/task-rules';
import { text, timestamp } from './common';
import { taskSchema } from './tasks';

// docs/tasks.md "Offers".
export const OFFER_EXPIRY_MINUTES = { min: 15, default: 24 * 60, max: 7 * 24 * 60 } as const;
export const OFFER_MESSAGE_MAX = 1_000;
export const OFFER_LIST_MAX = 200;

export const offerSchema = z
  .object({
    id: z.uuid(),
    taskId: z.uuid(),
    workerId: z.uuid().describe('The offering worker’s user id.'),
    workerName: z.string().nullable().describe('The worker’s public display name.'),
    workerRating: z.string().nullable().describe('Mean rating as a decimal string, e.g. "4.75"; null before any.'),
    workerReviewCount: z.number().int(),
    distanceMeters: z
      .number()
      .int()
      .nullable()
      .describe('From the worker’s base to the task; null when either has no location.'),
    priceCents: z.number().int().describe('The worker’s pay if accepted: the task’s new budget (the fee is added).'),
    proposedTime: timestamp.nullable().describe('When the worker proposes to do it, if they said.'),
    message: z.string().nullable(),
    status: z
      .enum(['pending', 'accepted', 'declined', 'withdrawn', 'expired'])
      .describe('`expired`: still pending past `expiresAt`; it can no longer be accepted.'),
    expiresAt: timestamp,
    score: z.number().describe('The ranking score, 0..1 (docs/tasks.md "Offers").'),
    createdAt: timestamp,
  })
  .meta({ id: 'Offer' });

export type Offer = z.input<typeof offerSchema>;

const taskParams = z.object({ id: z.uuid() });
const offerParams = z.object({ id: z.uuid(), offerId: z.uuid() });

export const createOfferBody = z.strictObject({
  priceCents: z
    .number()
    .int({ message: 'Must be a whole number of cents' })
    .min(BUDGET_MIN_CENTS, { message: `Must be at least ${BUDGET_MIN_CENTS} cents` })
    .max(BUDGET_MAX_CENTS, { message: `Must be at most ${BUDGET_MAX_CENTS} cents` })
    .describe(
      `The pay you want, in cents (${BUDGET_MIN_CENTS} to ${BUDGET_MAX_CENTS}); the requester pays a 15% fee on top.`,
    ),
  proposedTime: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('When you would do it: in the future and not after the task’s deadline.'),
  message: text(OFFER_MESSAGE_MAX).trim().min(1).optional().describe(`Up to ${OFFER_MESSAGE_MAX} characters.`),
  expiresInMinutes: z
    .number()
    .int({ message: 'Must be a whole number of minutes' })
    .min(OFFER_EXPIRY_MINUTES.min, { message: `Must be at least ${OFFER_EXPIRY_MINUTES.min}` })
    .max(OFFER_EXPIRY_MINUTES.max, { message: `Must be at most ${OFFER_EXPIRY_MINUTES.max}` })
    .optional()
    .describe(
      `How long the offer stands, ${OFFER_EXPIRY_MINUTES.min} to ${OFFER_EXPIRY_MINUTES.max} minutes (default ` +
        `${OFFER_EXPIRY_MINUTES.default}); never past the task’s deadline.`,
    ),
});

export type CreateOfferBody = z.output<typeof createOfferBody>;

export const createOfferOperation = defineOperation({
  method: 'POST',
  path: '/v1/tasks/{id}/offers',
  operationId: 'createOffer',
  summary: 'Offer to do a posted task for another price',
  description:
    'A listed worker (never the requester: 403 `CANNOT_OFFER_OWN_TASK`) answers a `posted` task with the pay they ' +
    'want instead of accepting it. One live offer per worker per task: a new one replaces your pending one (it ' +
    'becomes `withdrawn`). The price must be at least your own `minPriceCents` (400 naming `priceCents`). The ' +
    'requester hears of it (`offer.created`).',
  tags: ['Offers'],
  auth: 'any',
  scope: 'tasks:write',
  params: taskParams,
  body: createOfferBody,
  response: offerSchema,
  successStatus: 201,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'CANNOT_OFFER_OWN_TASK', 'INVALID_TRANSITION'],
});

export const listOffersOperation = defineOperation({
  method: 'GET',
  path: '/v1/tasks/{id}/offers',
  operationId: 'listOffers',
  summary: 'The offers on your task, best first',
  description:
    'Requester side only (anyone else: 404). Pending offers first, ranked by score = 0.5 × rating/5 (3/5 before any ' +
    'review) + 0.3 × closeness (1 − distance/50 km, 0 beyond; 0.5 when either has no location) + 0.2 × ' +
    'min(1, budget/price); then the others (expired, accepted, declined, withdrawn), newest first.',
  tags: ['Offers'],
  auth: 'any',
  scope: 'tasks:read',
  params: taskParams,
  query: z.object({
    limit: z.coerce.number().int().min(1).max(OFFER_LIST_MAX).default(50).describe(`How many, 1 to ${OFFER_LIST_MAX}.`),
  }),
  response: z.array(offerSchema),
  errors: ['NOT_FOUND'],
});

export const withdrawOfferOperation = defineOperation({
  method: 'POST',
  path: '/v1/tasks/{id}/offers/{offerId}/withdraw',
  operationId: 'withdrawOffer',
  summary: 'Withdraw your pending offer',
  description: 'The offer’s worker only (anyone else: 404). 409 `OFFER_NOT_PENDING` once it was decided.',
  tags: ['Offers'],
  auth: 'any',
  scope: 'tasks:write',
  params: offerParams,
  response: offerSchema,
  errors: ['NOT_FOUND', 'OFFER_NOT_PENDING'],
});

export const acceptOfferOperation = defineOperation({
  method: 'POST',
  path: '/v1/tasks/{id}/offers/{offerId}/accept',
  operationId: 'acceptOffer',
  summary: 'Accept an offer: the task goes to its worker at its price',
  description:
    'Requester only. In one transaction the task’s budget becomes the offer’s price (fee and total recomputed), ' +
    'the task is `accepted` by that worker (the thread opens), the other pending offers are declined and their ' +
    'workers told. A lower price refunds the difference of the total to where the money came from (card: a ' +
    'partial refund; x402: owed back to the wallet). A higher price is paid first, by the same source: a card task ' +
    'charges the difference to the card that funded it (within an agent’s spending limit: else 402 ' +
    '`PAYMENT_REQUIRED` with `details.reason` `spending_limit_exceeded`; a decline is 402 `PAYMENT_FAILED`, the ' +
    'offer stays open and nothing moves); an x402 task answers 402 with `accepts` for exactly the difference, and ' +
    'the same request with a `PAYMENT-SIGNATURE` (or `X-Payment`) header pays it. A task paid by MPP takes only ' +
    'offers within its budget (409 `OFFER_ABOVE_BUDGET`). Should the task be taken otherwise while the difference ' +
    'is paid, the difference is refunded at once. 409 `OFFER_EXPIRED` past its `expiresAt`, `OFFER_NOT_PENDING` ' +
    'once withdrawn or declined.',
  tags: ['Offers'],
  auth: 'any',
  scope: 'tasks:write',
  movesMoney: 'charge',
  params: offerParams,
  response: taskSchema,
  errors: [
    'NOT_FOUND',
    'FORBIDDEN',
    'INVALID_TRANSITION',
    'OFFER_EXPIRED',
    'OFFER_NOT_PENDING',
    'OFFER_ABOVE_BUDGET',
    'PAYMENT_REQUIRED',
    'PAYMENT_FAILED',
    'CONFLICT',
  ],
});
