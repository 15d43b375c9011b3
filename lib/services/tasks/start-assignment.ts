import type { Tx } from '@/db/client';
import { taskAssignments } from '@/db/schema';

// A worker's turn at a task (db/schema/tasks.ts): opened by accept, ended by a withdrawal or a no-show, inside
// the transition that causes it. The message thread belongs to it (lib/services/messages/load-thread.ts).

export type StartAssignmentOptions = { taskId: string; workerId: string };

/** Opens the task's current assignment for the worker who just accepted it. */
export async function startAssignment(tx: Tx, { taskId, workerId }: StartAssignmentOptions): Promise<void> {
  await tx.insert(taskAssignments).values({ taskId, workerId });
}
