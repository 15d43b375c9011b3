import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { type TaskAssignment, taskAssignments } from '@/db/schema';

// A worker's turn at a task (db/schema/tasks.ts): opened by accept (startAssignment), ended by a withdrawal or a
// no-show, inside the transition that causes it.

/** Ends the task's current assignment, if it has one, with the reason the worker's turn ended. */
export async function endAssignment(
  tx: Tx,
  taskId: string,
  reason: NonNullable<TaskAssignment['endReason']>,
): Promise<void> {
  await tx
    .update(taskAssignments)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(and(eq(taskAssignments.taskId, taskId), isNull(taskAssignments.endedAt)));
}
