import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { reviews, workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { loadTaskAccess } from '@/lib/services/tasks/load-task-access';
import { toReviewResource } from './to-review-resource';

export type ReviewInput = { rating: number; comment?: string };

export type CreateReviewOptions = ReviewInput & {
  userId: string;
  taskId: string;
};

// The task row is locked, and the unique (task, side) makes a second review a 409 even when two arrive at once.
export async function createReview(db: Db, { userId, taskId, ...input }: CreateReviewOptions) {
  return db.transaction(async (tx) => {
    const { task, side } = await loadTaskAccess(tx, { taskId, userId, forUpdate: true, partiesOnly: true });
    if (!side) throw new Error('partiesOnly access without a side');
    if (task.status !== 'completed' || !task.workerId) {
      throw new ApiError('CONFLICT', {
        message: 'Reviews open once the task is completed',
        hint: 'Fetch the task; review it after it reaches `completed`.',
        details: { status: task.status },
      });
    }
    const [review] = await tx
      .insert(reviews)
      .values({
        taskId,
        side,
        reviewerId: userId,
        revieweeId: side === 'requester' ? task.workerId : task.requesterId,
        rating: input.rating,
        comment: input.comment ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!review) {
      throw new ApiError('CONFLICT', {
        message: `The ${side} side has already reviewed this task`,
        hint: 'Each side reviews the other once per task.',
      });
    }
    if (side === 'requester') {
      const count = sql`${workerProfiles.ratingCount}`;
      await tx
        .update(workerProfiles)
        .set({
          averageRating: sql`round((coalesce(${workerProfiles.averageRating}, 0) * ${count} + ${input.rating}) / (${count} + 1), 2)`,
          ratingCount: sql`${count} + 1`,
        })
        .where(eq(workerProfiles.userId, task.workerId));
    }
    return toReviewResource(review);
  });
}
