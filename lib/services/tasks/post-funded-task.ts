import type { Executor } from '@/db/client';
import type { Task } from '@/db/schema';
import { confirmFunding } from '@/lib/services/money/confirm-funding';
import type { FundedPost } from '@/lib/services/money/funding-outcome';
import { runTransition } from './run-transition';

/**
 * Posts a funded draft through the state machine (`publish`): one transaction that locks the task, has money
 * confirm the funding (confirmFunding: 409 CONFLICT when the escrow does not hold the total), and writes
 * `payment.succeeded` and then `task.posted`. Pass a transaction to post inside it (the claim page attaches the
 * agent in the same one).
 */
export async function postFundedTask(db: Executor, input: FundedPost): Promise<Task> {
  const { task } = await runTransition(db, {
    taskId: input.taskId,
    action: 'publish',
    caller: { user: input.user },
    effect: async (tx, access) => {
      await confirmFunding(tx, access, input);
      return { publishedAt: new Date() };
    },
  });
  return task;
}
