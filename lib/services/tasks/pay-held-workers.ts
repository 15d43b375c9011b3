import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { ledgerTransactions, payoutAccounts, transfers } from '@/db/schema';
import { logger } from '@/lib/logger';
import { processorForTask } from '@/lib/payments/get-processor';
import { transferToWorker } from '@/lib/services/payments/transfer-to-worker';
import { emitPaymentEvent } from './emit-payment-event';
import { loadPlatformTask } from './load-platform-task';

/**
 * Sends the pay held for workers whose payout account can now receive transfers (every minute, from the
 * background jobs; each task in its own transaction, so one failure does not stop the rest). Returns how many
 * were paid.
 */
export async function payHeldWorkers(db: Db): Promise<number> {
  const due = await db
    .select({ taskId: transfers.taskId, amountCents: transfers.amountCents })
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
        // Held pay was released to the worker; an unsent row without a release is a direct transfer under way.
        sql`exists (select 1 from ${ledgerTransactions} where ${ledgerTransactions.taskId} = ${transfers.taskId}
          and ${ledgerTransactions.kind} = 'release' and ${ledgerTransactions.livemode} = ${transfers.livemode})`,
      ),
    )
    .limit(PAY_HELD_BATCH);
  let paid = 0;
  for (const { taskId, amountCents } of due) {
    if (!taskId) continue;
    try {
      const sent = await db.transaction(async (tx) => {
        // Another instance paying it holds this lock: skip. Sent meanwhile: nothing left to do.
        const [unsent] = await tx
          .select({ id: transfers.id })
          .from(transfers)
          .where(and(eq(transfers.taskId, taskId), isNull(transfers.processorId)))
          .for('update', { skipLocked: true });
        const row = await loadPlatformTask(tx, taskId);
        if (!unsent || !row?.task.workerId) return false;
        await transferToWorker(tx, processorForTask(tx, row.task), {
          taskId,
          workerId: row.task.workerId,
          amountCents,
          feeCents: 0,
          description: `Task: ${row.task.title}`,
          released: true,
        });
        await emitPaymentEvent(tx, { held: row, type: 'payment.transferred', amountCents });
        return true;
      });
      if (sent) paid += 1;
    } catch (error) {
      logger.warn('paying held worker pay failed; retried next time', { taskId, error });
    }
  }
  return paid;
}

const PAY_HELD_BATCH = 100;
