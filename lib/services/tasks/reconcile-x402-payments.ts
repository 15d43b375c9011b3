import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { type Task, tasks, type X402Payment, x402Payments } from '@/db/schema';
import { logger } from '@/lib/logger';
import {
  acceptedX402Payment,
  recordUnusedX402Payment,
  settleX402Payment,
  storedX402Payment,
} from '@/lib/payments/x402/accept-payment';
import type { X402Requirements } from '@/lib/payments/x402/requirements';
import { ATOMIC_UNITS_PER_CENT } from '@/lib/payments/x402/requirements';
import { emitPaymentEvent } from '@/lib/services/money/emit-payment-event';
import { loadPlatformTask } from '@/lib/services/money/load-platform-task';
import { releaseFundingSource } from '@/lib/services/money/release-funding-source';
import { postBooking } from './post-booking';
import { postFundedTask } from './post-funded-task';

/** Older than any live request's settle (two facilitator calls of 10 s) and its post: its request died. */
export const RECONCILE_X402_AFTER_SECONDS = 5 * 60;
const BATCH = 50;

export type ReconcileX402Options = {
  olderThanSeconds?: number;
};

/** `unresolved`: claims whose authorization expired unsettled as far as we know, waiting for a person. */
export type ReconcileX402Counts = { settled: number; posted: number; owedBack: number; unresolved: number };

// Every settled x402 payment ends on the books, whatever crashed. Each payment is its own transaction, its task
// and row taken with SKIP LOCKED, so instances split the work and book it once.
export async function reconcileX402Payments(
  db: Db,
  { olderThanSeconds = RECONCILE_X402_AFTER_SECONDS }: ReconcileX402Options = {},
): Promise<ReconcileX402Counts> {
  const counts: ReconcileX402Counts = { settled: 0, posted: 0, owedBack: 0, unresolved: 0 };
  const due = await db
    .select()
    .from(x402Payments)
    .where(
      and(
        isNull(x402Payments.bookedAt),
        isNotNull(x402Payments.draftTaskId),
        lt(x402Payments.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
        // A claim nobody settled can still be settled until its authorization expires; after that it waits for a person.
        or(eq(x402Payments.status, 'settled'), sql`${x402Payments.validBefore} > now()`),
      ),
    )
    .orderBy(x402Payments.createdAt)
    .limit(BATCH);
  for (const row of due) {
    try {
      let settled = row;
      if (row.status === 'claimed') {
        settled = await settleClaimed(db, row);
        counts.settled += 1;
      }
      const booked = await db.transaction((tx) => bookPayment(tx, settled));
      if (booked) counts[booked] += 1;
    } catch (error) {
      logger.warn('reconciling an x402 payment failed; the next round retries', { paymentId: row.id, error });
    }
  }
  const [unresolved] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(x402Payments)
    .where(
      and(
        isNull(x402Payments.bookedAt),
        isNotNull(x402Payments.draftTaskId),
        eq(x402Payments.status, 'claimed'),
        sql`${x402Payments.validBefore} <= now()`,
      ),
    );
  counts.unresolved = unresolved?.count ?? 0;
  return counts;
}

/** Settles a claim whose request died before it learned the outcome (outside any transaction: a provider call). */
async function settleClaimed(db: Db, row: X402Payment): Promise<X402Payment> {
  const accepted = await settleX402Payment(
    db,
    {
      paymentId: row.id,
      payment: storedX402Payment(row.payload),
      requirements: row.requirements as X402Requirements,
    },
    { resumed: true },
  );
  return { ...row, status: 'settled', transaction: accepted.transaction };
}

// Locks the task before the payment row, as the funding service does.
async function bookPayment(tx: Tx, payment: X402Payment): Promise<'posted' | 'owedBack' | undefined> {
  const draftTaskId = payment.draftTaskId;
  if (!draftTaskId) return undefined;
  const [locked] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(eq(tasks.id, draftTaskId))
    .for('update', { skipLocked: true });
  const [row] = await tx
    .select()
    .from(x402Payments)
    .where(and(eq(x402Payments.id, payment.id), eq(x402Payments.status, 'settled'), isNull(x402Payments.bookedAt)))
    .for('update', { skipLocked: true });
  const held = await loadPlatformTask(tx, draftTaskId);
  if (!row?.transaction || (held && !locked)) return undefined;
  if (held && fundableBy(held.task, row)) {
    const posted = await tx
      .transaction(async (inner) => {
        if (!held.task.fundingSource) {
          await inner.update(tasks).set({ fundingSource: 'x402' }).where(eq(tasks.id, draftTaskId));
        }
        const post = {
          user: { id: held.task.requesterId },
          taskId: draftTaskId,
          source: 'x402' as const,
          x402: acceptedX402Payment({
            paymentId: row.id,
            payment: storedX402Payment(row.payload),
            requirements: row.requirements as X402Requirements,
            transaction: row.transaction as string,
          }),
        };
        // A booking is handed to its worker as it posts, as its request would have (book-service.ts).
        const { serviceId, workerId } = held.task;
        if (serviceId && workerId) await postBooking(inner, { ...post, workerId });
        else await postFundedTask(inner, post);
        return true;
      })
      .catch((error) => {
        logger.info('a reconciled x402 payment cannot post its draft; it is owed back', { paymentId: row.id, error });
        return false;
      });
    if (posted) return 'posted';
  }
  const userId = row.requesterId ?? held?.task.requesterId;
  if (!userId) return undefined;
  await recordUnusedX402Payment(tx, {
    paymentId: row.id,
    taskId: held ? draftTaskId : null,
    userId,
    livemode: row.livemode ?? held?.task.livemode ?? false,
  });
  if (held) {
    const amountCents = Number(BigInt(row.amountAtomic) / ATOMIC_UNITS_PER_CENT);
    // The payment's own event: the task may be funded otherwise, but this money went back.
    await emitPaymentEvent(tx, {
      held: { ...held, task: { ...held.task, fundingSource: 'x402' } },
      type: 'payment.refunded',
      amountCents,
    });
    await releaseFundingSource(tx, draftTaskId, 'x402');
  }
  return 'owedBack';
}

function fundableBy(task: Task, payment: X402Payment) {
  return (
    task.status === 'draft' &&
    (task.fundingSource === null || task.fundingSource === 'x402') &&
    BigInt(payment.amountAtomic) === BigInt(task.totalCents) * ATOMIC_UNITS_PER_CENT &&
    task.deadline.getTime() > Date.now()
  );
}
