import type { Executor } from '@/db/client';
import type { Task } from '@/db/schema';
import { type PostFundedTask, postFundedTask } from '@/lib/services/tasks/post-funded-task';
import { runTransition } from '@/lib/services/tasks/run-transition';
import { startAssignment } from '@/lib/services/tasks/start-assignment';

/**
 * Posts a funded booking and hands it to its worker in one transaction: `publish` (payment.succeeded,
 * task.posted) then `book` (the worker's assignment, and with it the thread, opened; task.accepted; the worker
 * notified). Nobody else ever sees it posted. On the pool handle its own transaction, in a caller's a savepoint.
 */
export async function postBooking(db: Executor, input: PostFundedTask & { workerId: string }): Promise<Task> {
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
