import type { Executor } from '@/db/client';
import type { Task } from '@/db/schema';
import type { FundedPost } from '@/lib/services/money/funding-outcome';
import { postFundedTask } from './post-funded-task';
import { runTransition } from './run-transition';
import { startAssignment } from './start-assignment';

/** Posts and books in one transaction, so nobody else ever sees the booking posted. */
export async function postBooking(db: Executor, input: FundedPost & { workerId: string }): Promise<Task> {
  const { workerId, ...post } = input;
  return db.transaction(async (tx) => {
    await postFundedTask(tx, post);
    const { task } = await runTransition(tx, {
      taskId: input.taskId,
      action: 'book',
      caller: { user: input.user },
      effect: async (inner) => {
        await startAssignment(inner, { taskId: input.taskId, workerId });
        return { workerId, acceptedAt: new Date() };
      },
    });
    return task;
  });
}
