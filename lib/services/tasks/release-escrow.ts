import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { ledgerTransactions, payoutAccounts, transfers, workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { emitEvent } from '@/lib/events/emit-event';
import type { PaymentEventType } from '@/lib/events/event-types';
import { logger } from '@/lib/logger';
import { processorForTask } from '@/lib/payments/get-processor';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { lockedBalance, postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import { refundTask } from '@/lib/services/payments/refund-task';
import { transferOrHold, transferToWorker } from '@/lib/services/payments/transfer-to-worker';
import { loadPlatformTask } from './load-platform-task';
import type { TaskAccess } from './read-task-access';
import { taskAudience } from './task-audience';

// The two ways a task's escrow empties: back to the requester (cancel, expiry) or to the worker (completion).
// Both run inside the transition's transaction, so the status and the money move together or not at all. They
// take the transition's locked view of the task (with the requester's operator, who hears of the money too).
export type HeldTask = Pick<TaskAccess, 'task' | 'requesterOwnerId'>;

/** Gives back what the task's escrow holds: to the card it came from, or owed back to the x402 payer. */
export async function refundEscrow(tx: Tx, held: HeldTask, description: string) {
  const { task } = held;
  // No funding source recorded (a draft, or a task the claim page posted before it recorded one) is looked up
  // as a card: an unfunded draft has no captured charge (NOT_FOUND below) and refunds nothing.
  if (task.fundingSource === 'card' || task.fundingSource === null) {
    try {
      const { refundedCents } = await refundTask(tx, processorForTask(tx, task), { taskId: task.id, description });
      if (refundedCents > 0) await emitPaymentEvent(tx, held, 'payment.refunded', refundedCents);
    } catch (error) {
      // A reserved card that was never captured (a failed or abandoned charge) has nothing to refund.
      if (!(error instanceof ApiError && error.code === 'NOT_FOUND')) throw error;
    }
    return;
  }
  if (task.fundingSource === 'x402') {
    const mode = task.livemode ? 'live' : 'test';
    const balance = await lockedBalance(tx, ledgerAccount.escrow(mode, task.id));
    if (balance <= 0) return;
    await emitPaymentEvent(tx, held, 'payment.refunded', balance);
    // USDC cannot be pulled back through the card processor: the refund is owed to the payer's wallet.
    await postLedgerTransaction(tx, {
      kind: 'refund',
      idempotencyKey: `${mode}:task:${task.id}:x402-refund`,
      livemode: task.livemode,
      taskId: task.id,
      userId: task.requesterId,
      description: `${description} (x402 refund owed to the paying wallet)`,
      entries: [
        { account: ledgerAccount.escrow(mode, task.id), amountCents: -balance },
        { account: ledgerAccount.refunds(mode, task.requesterId), amountCents: balance },
      ],
    });
  }
}

/** Pays the assigned worker the budget and the platform its fee, and counts the completed task. */
export async function payWorker(tx: Tx, held: HeldTask) {
  const { task } = held;
  await payWorkerPart(tx, held, task.budgetCents, task.platformFeeCents);
  if (!task.workerId) return;
  await tx
    .update(workerProfiles)
    .set({ completedTasks: sql`${workerProfiles.completedTasks} + 1` })
    .where(eq(workerProfiles.userId, task.workerId));
}

/**
 * Pays the assigned worker `amountCents` of the escrow and the platform `feeCents` (a split keeps the rest). A
 * worker whose payout account cannot receive transfers does not hold the task up: the pay is held for them
 * (`transferOrHold`) and `payHeldWorkers` sends it, with its `payment.transferred`, once it can.
 */
export async function payWorkerPart(tx: Tx, held: HeldTask, amountCents: number, feeCents: number) {
  const { task } = held;
  if (!task.workerId) throw new Error('paying a task without a worker');
  const input = { taskId: task.id, workerId: task.workerId, amountCents, feeCents, description: `Task: ${task.title}` };
  if (await transferOrHold(tx, processorForTask(tx, task), input)) {
    await emitPaymentEvent(tx, held, 'payment.transferred', amountCents);
  }
}

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
        await emitPaymentEvent(tx, row, 'payment.transferred', amountCents);
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

/**
 * A `payment.*` event for the task's two sides: money came in (`succeeded`), went back (`refunded`), or was
 * paid out to the worker (`transferred`).
 */
export async function emitPaymentEvent(tx: Tx, held: HeldTask, type: PaymentEventType, amountCents: number) {
  const { task, requesterOwnerId } = held;
  await emitEvent(tx, {
    type,
    data: { taskId: task.id, amountCents, currency: 'usd', fundingSource: task.fundingSource },
    taskId: task.id,
    audience: taskAudience(task, requesterOwnerId),
    livemode: task.livemode,
  });
}
