'use server';

import { getDatabase } from '@/db/client';
import { createReviewOperation } from '@/lib/schemas/reviews';
import { createReview } from '@/lib/services/reviews/create-review';
import { describeActionError } from '@/lib/web/describe-error';
import { requireBrowserActor } from '@/lib/web/require-browser-actor';

export type ReviewState = { error?: string; saved?: boolean };

/**
 * POST /v1/tasks/{id}/reviews for the signed-in human (either side): the same body rules and one review a side.
 * The page is not refreshed, so the thank-you stays in place of the form; the next load no longer asks.
 */
export async function reviewTaskAction(taskId: string, _state: ReviewState, form: FormData): Promise<ReviewState> {
  const user = await requireBrowserActor(`/dashboard/tasks/${taskId}`);
  const comment = String(form.get('comment') ?? '').trim();
  const parsed = createReviewOperation.body.safeParse({
    rating: Number(form.get('rating')),
    ...(comment ? { comment } : {}),
  });
  if (!parsed.success) return { error: 'Choose from 1 to 5 stars (a comment is at most 2,000 characters).' };
  const { db } = await getDatabase();
  try {
    await createReview(db, { userId: user.id, taskId, ...parsed.data });
  } catch (error) {
    return { error: describeActionError(error) };
  }
  return { saved: true };
}
