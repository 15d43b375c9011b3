import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { tasks } from '@/db/schema';
import type { TaskBody } from '@/lib/schemas/tasks';
import { AlreadyPosted, fundTask } from '@/lib/services/money/fund-task';
import type { Funder, FundingOutcome } from '@/lib/services/money/funding-outcome';
import { earlierTask } from './earlier-task';
import { type CreationKey, insertDraftTask } from './insert-draft-task';
import { postFundedTask } from './post-funded-task';

export type CreateTask = Funder & {
  body: TaskBody & { draft?: boolean };
  /** The request's Idempotency-Key and body: a retry after a crash resumes the draft the first attempt made. */
  creation?: CreationKey;
};

// An x402 payment is claimed, verified and settled before the task is posted, so one payment makes one task.
// When nothing can pay, nothing is kept: the draft is rolled back, or deleted after a payment that did not happen.
export async function createTask(db: Db, { body, creation, ...funder }: CreateTask): Promise<FundingOutcome> {
  const { user, processor } = funder;
  const draft = { requesterId: user.id, body, livemode: processor.livemode, creation };
  if (body.draft) {
    const task = await db.transaction(
      async (tx) => (await earlierTask(tx, user.id, creation)) ?? insertDraftTask(tx, draft),
    );
    return { kind: 'draft', task };
  }
  return fundTask(db, funder, {
    draft: async (tx) => {
      const earlier = await earlierTask(tx, user.id, creation);
      if (earlier && earlier.status !== 'draft') throw new AlreadyPosted(earlier);
      return earlier ?? insertDraftTask(tx, draft);
    },
    undo: (taskId) => db.delete(tasks).where(eq(tasks.id, taskId)),
    post: postFundedTask,
  });
}
