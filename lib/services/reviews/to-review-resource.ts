import type { Review } from '@/db/schema';

export function toReviewResource(review: Review) {
  return {
    id: review.id,
    taskId: review.taskId,
    side: review.side,
    reviewerId: review.reviewerId,
    revieweeId: review.revieweeId,
    rating: review.rating,
    comment: review.comment,
    createdAt: review.createdAt.toISOString(),
  };
}
