import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { listWorkerReviewsOperation } from '@/lib/schemas/reviews';
import { listWorkerReviews } from '@/lib/services/reviews/list-worker-reviews';

// GET /v1/workers/{id}/reviews — what requesters wrote about a worker
export const GET = route(listWorkerReviewsOperation, async ({ db, params, query }) =>
  listWorkerReviews(db, params.id, query),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
