import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { type TaskAssignment, taskAssignments } from '@/db/schema';

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
