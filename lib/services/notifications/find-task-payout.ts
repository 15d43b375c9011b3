import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { payoutAccounts, type Task, transfers } from '@/db/schema';

export type TaskPayout = { transferId: string; amountCents: number; held: boolean };

/**
 * The worker's pay recorded for a task, and whether it waits for a payout account that can receive it (the same test
 * as claim-due-transfers.ts); null before any pay is recorded.
 */
export async function findTaskPayout(db: Executor, task: Pick<Task, 'id' | 'livemode'>): Promise<TaskPayout | null> {
  const [row] = await db
    .select({
      transferId: transfers.id,
      amountCents: transfers.amountCents,
      payoutsEnabled: payoutAccounts.payoutsEnabled,
    })
    .from(transfers)
    .leftJoin(
      payoutAccounts,
      and(
        eq(payoutAccounts.userId, transfers.userId),
        eq(payoutAccounts.livemode, transfers.livemode),
        eq(payoutAccounts.processor, transfers.processor),
      ),
    )
    .where(and(eq(transfers.taskId, task.id), eq(transfers.livemode, task.livemode)));
  if (!row) return null;
  return { transferId: row.transferId, amountCents: row.amountCents, held: row.payoutsEnabled !== true };
}
