import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { charges, refunds } from '@/db/schema';

export type ClaimDueRefundsOptions = {
  limit: number;
  /** Longer than a processor call can take. */
  leaseSeconds: number;
  /** The kick after a commit; tests share a database with other work. */
  taskIds?: string[];
};

// The lease claim of claim-due-transfers.ts. Each claim counts as an attempt.
export async function claimDueRefunds(db: Db, { limit, leaseSeconds, taskIds }: ClaimDueRefundsOptions) {
  const due = db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        lte(refunds.nextAttemptAt, sql`now()`),
        taskIds ? inArray(refunds.taskId, taskIds) : undefined,
      ),
    )
    .orderBy(asc(refunds.nextAttemptAt), asc(refunds.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(refunds)
    .set({
      nextAttemptAt: sql`now() + ${leaseSeconds}::int * interval '1 second'`,
      attempts: sql`${refunds.attempts} + 1`,
    })
    .where(inArray(refunds.id, due))
    .returning();
  if (claimed.length === 0) return [];
  const paid = await db
    .select({ id: charges.id, processorId: charges.processorId })
    .from(charges)
    .where(
      inArray(
        charges.id,
        claimed.map((refund) => refund.chargeId),
      ),
    );
  const chargeOf = new Map(paid.map((charge) => [charge.id, charge.processorId]));
  return claimed.map((refund) => ({ ...refund, chargeProcessorId: chargeOf.get(refund.chargeId) ?? null }));
}

export type ClaimedRefund = Awaited<ReturnType<typeof claimDueRefunds>>[number];
