import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { payoutAccounts, tasks, transfers } from '@/db/schema';
import { readTaskMoney } from './read-task-money';

export type ListWorkerEarningsOptions = { userId: string; livemode: boolean; limit: number };

/**
 * Where a task's pay is: `paid` (the processor took the transfer), `sending` (sent, not settled yet), `scheduled`
 * (approved, the transfer is queued), `held` (approved, waiting for a payout account that can receive it) or
 * `reversed` (taken back in full).
 */
export type PayoutState = 'paid' | 'sending' | 'scheduled' | 'held' | 'reversed';

export type WorkerEarning = {
  taskId: string;
  title: string;
  /** What reached the worker's side in the ledger (a split pays part of the budget). */
  earnedCents: number;
  state: PayoutState;
  /** When the pay was approved (the transfer was recorded). */
  earnedAt: Date;
  /** When the transfer was last touched: its settling, for a paid one. */
  updatedAt: Date;
};

// The newest first, one row per task: a task has at most one transfer per mode.
export async function listWorkerEarnings(
  db: Executor,
  { userId, livemode, limit }: ListWorkerEarningsOptions,
): Promise<WorkerEarning[]> {
  const [rows, [account]] = await Promise.all([
    db
      .select({
        taskId: transfers.taskId,
        title: tasks.title,
        amountCents: transfers.amountCents,
        reversedCents: transfers.reversedCents,
        processorId: transfers.processorId,
        status: transfers.status,
        createdAt: transfers.createdAt,
        updatedAt: transfers.updatedAt,
      })
      .from(transfers)
      .innerJoin(tasks, eq(tasks.id, transfers.taskId))
      .where(and(eq(transfers.userId, userId), eq(transfers.livemode, livemode)))
      .orderBy(desc(transfers.createdAt), desc(transfers.id))
      .limit(limit),
    db
      .select({ payoutsEnabled: payoutAccounts.payoutsEnabled })
      .from(payoutAccounts)
      .where(
        and(
          eq(payoutAccounts.userId, userId),
          eq(payoutAccounts.livemode, livemode),
          eq(payoutAccounts.payoutsEnabled, true),
        ),
      )
      .limit(1),
  ]);
  const money = await readTaskMoney(
    db,
    rows.map((row) => row.taskId),
  );
  return rows.map((row) => {
    const taskId = row.taskId ?? '';
    const state: PayoutState =
      row.reversedCents > 0 && row.reversedCents >= row.amountCents
        ? 'reversed'
        : row.processorId
          ? row.status === 'paid'
            ? 'paid'
            : 'sending'
          : account?.payoutsEnabled
            ? 'scheduled'
            : 'held';
    return {
      taskId,
      title: row.title,
      earnedCents: money.get(taskId)?.workerCents ?? 0,
      state,
      earnedAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  });
}
