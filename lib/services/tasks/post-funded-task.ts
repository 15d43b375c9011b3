import type { Executor } from '@/db/client';
import type { Task } from '@/db/schema';
import { confirmFunding } from '@/lib/services/money/confirm-funding';
import type { FundedPost } from '@/lib/services/money/funding-outcome';
import { acceptByAt } from './accept-by-at';
import { runTransition } from './run-transition';

// Money confirms the escrow holds the total (else 409 CONFLICT). Given a transaction, posts inside it (the claim
// page attaches the agent in the same one).
export async function postFundedTask(db: Executor, input: FundedPost): Promise<Task> {
  const { task } = await runTransition(db, {
    taskId: input.taskId,
    action: 'publish',
    caller: { user: input.user },
    effect: async (tx, access) => {
      await confirmFunding(tx, access, input);
      const publishedAt = new Date();
      return { publishedAt, acceptBy: acceptByAt(access.task, publishedAt) };
    },
  });
  return task;
}
