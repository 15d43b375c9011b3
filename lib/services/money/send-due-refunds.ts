import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { outboxRetryDelaySeconds } from '@/db/outbox-retry';
import { ledgerTransactions, refunds } from '@/db/schema';
import { logger } from '@/lib/logger';
import { processorForTask } from '@/lib/payments/get-processor';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { type ClaimedRefund, claimDueRefunds } from './claim-due-refunds';

export type SendDueRefundsOptions = {
  taskIds?: string[];
  /** Tests pass a stand-in to inject faults. */
  processorFor?: (livemode: boolean) => PaymentProcessor;
  batchSize?: number;
  leaseSeconds?: number;
};

export type SendDueRefundsCounts = { refunded: number; retrying: number; failed: number };

const DEFAULT_BATCH = 20;
const DEFAULT_LEASE_SECONDS = 120;
// A refund the processor keeps refusing (about an hour of retries) needs a human: it is logged and left failed.
const MAX_ATTEMPTS = 8;

// The ledger already moved the money; the processor is called with the row's idempotency key, so a re-send
// after a crash or an expired lease is a replay.
export async function sendDueRefunds(db: Db, options: SendDueRefundsOptions = {}): Promise<SendDueRefundsCounts> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const processorFor = options.processorFor ?? ((livemode) => processorForTask(db, { livemode }));
  const counts: SendDueRefundsCounts = { refunded: 0, retrying: 0, failed: 0 };
  for (;;) {
    const claimed = await claimDueRefunds(db, { limit: batchSize, leaseSeconds, taskIds: options.taskIds });
    await Promise.all(
      claimed.map((refund) =>
        sendOne(db, processorFor(refund.livemode), refund)
          .then((result) => {
            counts[result] += 1;
          })
          .catch((error: unknown) => logger.error('refund could not be processed', { refundId: refund.id, error })),
      ),
    );
    if (claimed.length < batchSize) return counts;
  }
}

async function sendOne(db: Db, processor: PaymentProcessor, refund: ClaimedRefund) {
  try {
    if (!refund.chargeProcessorId) throw new Error('the refunded charge has no processor id');
    const { refundId } = await processor.refund({
      chargeProcessorId: refund.chargeProcessorId,
      amountCents: refund.amountCents,
      idempotencyKey: refund.idempotencyKey,
    });
    await db.transaction(async (tx) => {
      const [done] = await tx
        .update(refunds)
        .set({ processorId: refundId, status: 'succeeded', lastError: null })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
        .returning({ id: refunds.id });
      // The ledger moved the money when the refund was decided; it learns the processor's refund id now.
      if (!done) return;
      const mode = refund.livemode ? 'live' : 'test';
      await tx
        .update(ledgerTransactions)
        .set({ reference: refundId })
        .where(eq(ledgerTransactions.idempotencyKey, `${mode}:${refund.idempotencyKey}`));
    });
    return 'refunded' as const;
  } catch (error) {
    const lastError = error instanceof Error ? error.message : String(error);
    const givenUp = refund.attempts >= MAX_ATTEMPTS;
    (givenUp ? logger.error : logger.warn)('refund attempt failed', {
      refundId: refund.id,
      taskId: refund.taskId,
      attempt: refund.attempts,
      error: lastError,
    });
    await db
      .update(refunds)
      .set(
        givenUp
          ? { status: 'failed', lastError }
          : {
              lastError,
              nextAttemptAt: sql`now() + ${outboxRetryDelaySeconds(refund.attempts)}::int * interval '1 second'`,
            },
      )
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
    return givenUp ? ('failed' as const) : ('retrying' as const);
  }
}
