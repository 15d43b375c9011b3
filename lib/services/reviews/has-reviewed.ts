import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { reviews } from '@/db/schema';
import type { TaskSide } from '@/lib/services/tasks/side-of';

export type HasReviewedOptions = { taskId: string; side: TaskSide };

export async function hasReviewed(db: Executor, { taskId, side }: HasReviewedOptions): Promise<boolean> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.taskId, taskId), eq(reviews.side, side)))
    .limit(1);
  return row !== undefined;
}
