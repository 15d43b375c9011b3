import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { tasks } from '@/db/schema';
import type { TaskBody } from '@/lib/schemas/tasks';
import { fundTask } from './fund-task';
import type { Funder, FundingOutcome } from './funding-outcome';
import { insertDraftTask } from './insert-draft-task';

export type CreateTask = Funder & { body: TaskBody & { draft?: boolean } };

/**
 * POST /v1/tasks: a `draft` when asked for one (unfunded, published later), else a task funded and `posted` when
 * this returns — by x402 when a payment is offered (claimed, verified and settled before the task is posted, so
 * one payment makes one task), else by card (fundTask). When nothing can pay, nothing is kept: the inserted
 * draft is rolled back, or deleted after a payment that did not happen.
 */
export async function createTask(db: Db, { body, ...funder }: CreateTask): Promise<FundingOutcome> {
  const { user, processor } = funder;
  if (body.draft)
    return {
      kind: 'draft',
      task: await insertDraftTask(db, { requesterId: user.id, body, livemode: processor.livemode }),
    };
  return fundTask(db, funder, {
    draft: (tx) => insertDraftTask(tx, { requesterId: user.id, body, livemode: processor.livemode }),
    undo: (taskId) => db.delete(tasks).where(eq(tasks.id, taskId)),
  });
}
