import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { beforeCursor, cursorAt, decodeCursor, pageOf } from '@/db/cursor';
import { reviews, workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { toReviewResource } from './to-review-resource';

/** Any profile, listed or not. */
export async function listWorkerReviews(db: Executor, profileId: string, page: { cursor?: string; limit: number }) {
  const [profile] = await db
    .select({ userId: workerProfiles.userId })
    .from(workerProfiles)
    .where(eq(workerProfiles.id, profileId));
  if (!profile) {
    throw new ApiError('NOT_FOUND', { message: 'No such worker', hint: 'Check the id (a worker profile id).' });
  }
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const rows = await db
    .select({ review: reviews, cursorAt: cursorAt(reviews.createdAt) })
    .from(reviews)
    .where(
      and(
        eq(reviews.revieweeId, profile.userId),
        eq(reviews.side, 'requester'),
        beforeCursor(reviews.createdAt, reviews.id, after),
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit + 1);
  const { shown: pageRows, nextCursor } = pageOf(rows, page.limit, (last) => ({
    cursorAt: last.cursorAt,
    id: last.review.id,
  }));
  return {
    data: pageRows.map((row) => toReviewResource(row.review)),
    nextCursor,
  };
}
