import type { Tx } from '@/db/client';
import { taskAssignments } from '@/db/schema';

// The message thread belongs to the assignment (lib/services/messages/load-thread.ts).

export type StartAssignmentOptions = { taskId: string; workerId: string };

export async function startAssignment(tx: Tx, { taskId, workerId }: StartAssignmentOptions): Promise<void> {
  await tx.insert(taskAssignments).values({ taskId, workerId });
}
