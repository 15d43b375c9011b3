import type { Db } from '@/db/client';
import type { Task } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { fundTask } from '@/lib/services/money/fund-task';
import type { Funder, FundingOutcome } from '@/lib/services/money/funding-outcome';
import { releaseFundingSource } from '@/lib/services/money/release-funding-source';
import { invalidTransition } from './invalid-transition';
import { postFundedTask } from './post-funded-task';
import { readTaskAccess, type TaskAccess } from './read-task-access';
import { taskNotFound } from './task-not-found';
import { visibleOrNotFound } from './visible-or-not-found';

export type PublishTask = Funder & { taskId: string };

// The draft is read once, locked, in the transaction that claims its funding: its price then is what gets paid
// (updateTask refuses to change a claimed draft's price).
export async function publishTask(db: Db, { taskId, ...funder }: PublishTask): Promise<FundingOutcome> {
  let access: TaskAccess | undefined;
  return fundTask(db, funder, {
    draft: async (tx) => {
      // Parties only: a listed worker browsing a posted task does not find it here.
      access = visibleOrNotFound(await readTaskAccess(tx, { taskId, userId: funder.user.id, forUpdate: true }), true);
      return access.task;
    },
    ready: (task) => {
      if (access?.side !== 'requester') throw taskNotFound();
      refuseUnpublishable(task);
    },
    undo: (id, source) => releaseFundingSource(db, id, source),
    post: postFundedTask,
  });
}

function refuseUnpublishable(task: Task) {
  if (task.status !== 'draft') throw invalidTransition('publish', task.status);
  // A draft can sit past its deadline; posting it would charge the card only for the job to expire it at once.
  if (task.deadline.getTime() <= Date.now()) {
    throw new ApiError('INVALID_TRANSITION', {
      message: 'Cannot publish a task whose deadline has passed',
      hint: 'Set a new deadline with PATCH /v1/tasks/{id}, then publish.',
      details: { status: task.status, deadline: task.deadline.toISOString() },
    });
  }
}
