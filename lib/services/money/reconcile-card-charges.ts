import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { charges, tasks } from '@/db/schema';
import { logger } from '@/lib/logger';
import { processorForTask } from '@/lib/payments/get-processor';
import { emitPaymentEvent } from './emit-payment-event';
import { loadPlatformTask } from './load-platform-task';
import { performDuePayments } from './perform-due-payments';
import { refundTask } from './refund-task';
import { releaseFundingSource } from './release-funding-source';

/** Older than any live publish (a charge and a post): a captured charge whose draft is still a draft was left. */
export const RECONCILE_CARD_AFTER_SECONDS = 5 * 60;
const BATCH = 50;

export type ReconcileCardOptions = {
  olderThanSeconds?: number;
};

// One transaction per task under its lock (SKIP LOCKED: instances split the work); the refund is keyed by what
// was refunded before, so it happens once.
export async function reconcileCardCharges(
  db: Db,
  { olderThanSeconds = RECONCILE_CARD_AFTER_SECONDS }: ReconcileCardOptions = {},
): Promise<{ refunded: number }> {
  const due = await db
    .select({ taskId: charges.taskId })
    .from(charges)
    .innerJoin(tasks, eq(tasks.id, charges.taskId))
    .where(
      and(
        eq(charges.status, 'succeeded'),
        eq(charges.refundedCents, 0),
        eq(tasks.status, 'draft'),
        isNull(tasks.publishedAt),
        lt(charges.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .limit(BATCH);
  let refunded = 0;
  for (const { taskId } of due) {
    if (!taskId) continue;
    try {
      if (await db.transaction((tx) => refundUnposted(tx, taskId))) {
        refunded += 1;
        await performDuePayments(db, { taskId });
      }
    } catch (error) {
      logger.warn('refunding the charge of a draft that never posted failed; the next round retries', {
        taskId,
        error,
      });
    }
  }
  return { refunded };
}

async function refundUnposted(tx: Tx, taskId: string): Promise<boolean> {
  const [locked] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.status, 'draft'), isNull(tasks.publishedAt)))
    .for('update', { skipLocked: true });
  const held = locked && (await loadPlatformTask(tx, taskId));
  if (!held) return false;
  const { refundedCents } = await refundTask(tx, processorForTask(tx, held.task), {
    taskId,
    description: `Refund: task never posted (${held.task.title})`,
  });
  await releaseFundingSource(tx, taskId, 'card');
  if (refundedCents > 0) {
    await emitPaymentEvent(tx, {
      held: { ...held, task: { ...held.task, fundingSource: 'card' } },
      type: 'payment.refunded',
      amountCents: refundedCents,
    });
  }
  return refundedCents > 0;
}
