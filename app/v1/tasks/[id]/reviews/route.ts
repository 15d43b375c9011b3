import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { createReviewOperation } from '@/lib/schemas/reviews';
import { createReview } from '@/lib/services/reviews/create-review';

// POST /v1/tasks/{id}/reviews — after completion, each side reviews the other once
export const POST = route(createReviewOperation, async ({ db, actor, params, body }) =>
  createReview(db, { ...body, userId: userOf(actor).id, taskId: params.id }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
