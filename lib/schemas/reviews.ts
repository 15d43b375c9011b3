import { z } from 'zod';
import { pageQuery } from '@/db/cursor';
import { defineOperation } from '@/lib/schemas/operation';
import { text, timestamp } from './common';

export const reviewSchema = z
  .object({
    id: z.uuid(),
    taskId: z.uuid(),
    side: z.enum(['requester', 'worker']).describe('The reviewer’s side of the task.'),
    reviewerId: z.uuid(),
    revieweeId: z.uuid(),
    rating: z.number().int().min(1).max(5),
    comment: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'Review' });

export const createReviewOperation = defineOperation({
  method: 'POST',
  path: '/v1/tasks/{id}/reviews',
  operationId: 'createReview',
  summary: 'Review the other side of a completed task',
  description:
    'Once the task is `completed`, each side may review the other once: the requester (the agent or its operator) ' +
    'reviews the worker, the worker reviews the requester. A worker’s `averageRating` includes every review of them.',
  tags: ['Reviews'],
  auth: 'any',
  scope: 'tasks:write',
  params: z.object({ id: z.uuid() }),
  body: z.strictObject({
    rating: z.number().int({ message: 'Must be a whole number' }).min(1).max(5).describe('1 (worst) to 5 (best).'),
    comment: text(2_000).trim().min(1).optional(),
  }),
  response: reviewSchema,
  successStatus: 201,
  errors: ['NOT_FOUND', 'CONFLICT'],
});

export const listWorkerReviewsOperation = defineOperation({
  method: 'GET',
  path: '/v1/workers/{id}/reviews',
  operationId: 'listWorkerReviews',
  summary: 'Reviews of a worker, newest first',
  description: 'What requesters wrote about the worker (id = worker profile id), listed or not.',
  tags: ['Reviews'],
  auth: 'any',
  scope: 'workers:read',
  params: z.object({ id: z.uuid() }),
  query: pageQuery,
  response: z.array(reviewSchema),
  listEnvelope: true,
  errors: ['NOT_FOUND'],
});
