import { eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { workerProfiles } from '@/db/schema';
import type { HeldTask } from './held-task';
import { payWorkerPart } from './pay-worker-part';

export async function payWorker(tx: Tx, held: HeldTask) {
  const { task } = held;
  await payWorkerPart(tx, { held, amountCents: task.budgetCents, feeCents: task.platformFeeCents });
  if (!task.workerId) return;
  await tx
    .update(workerProfiles)
    .set({ completedTasks: sql`${workerProfiles.completedTasks} + 1` })
    .where(eq(workerProfiles.userId, task.workerId));
}
