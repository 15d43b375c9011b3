import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { payoutAccounts, transfers } from '@/db/schema';

export type ClaimDueTransfersOptions = {
  limit: number;
  /** Longer than a processor call can take. */
  leaseSeconds: number;
  /** The kick after a commit; tests share a database with other work. */
  taskIds?: string[];
};

// Claims by moving the next attempt out by the lease: `FOR UPDATE SKIP LOCKED` splits the rows between senders,
// no lock is held while the processor answers, and a dead sender only delays its rows until the lease runs out.
export async function claimDueTransfers(db: Db, { limit, leaseSeconds, taskIds }: ClaimDueTransfersOptions) {
  const due = db
    .select({ id: transfers.id })
    .from(transfers)
    .innerJoin(
      payoutAccounts,
      and(
        eq(payoutAccounts.userId, transfers.userId),
        eq(payoutAccounts.livemode, transfers.livemode),
        eq(payoutAccounts.processor, transfers.processor),
      ),
    )
    .where(
      and(
        isNull(transfers.processorId),
        eq(payoutAccounts.payoutsEnabled, true),
        lte(transfers.nextAttemptAt, sql`now()`),
        taskIds ? inArray(transfers.taskId, taskIds) : undefined,
      ),
    )
    .orderBy(asc(transfers.nextAttemptAt), asc(transfers.id))
    .limit(limit)
    .for('update', { of: transfers, skipLocked: true });
  return db
    .update(transfers)
    .set({
      nextAttemptAt: sql`now() + ${leaseSeconds}::int * interval '1 second'`,
      attempts: sql`${transfers.attempts} + 1`,
    })
    .where(inArray(transfers.id, due))
    .returning();
}

export type ClaimedTransfer = Awaited<ReturnType<typeof claimDueTransfers>>[number];
