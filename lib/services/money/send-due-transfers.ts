import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { outboxRetryDelaySeconds } from '@/db/outbox-retry';
import { transfers } from '@/db/schema';
import { logger } from '@/lib/logger';
import { processorForTask } from '@/lib/payments/get-processor';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { applyTransfer } from './apply-transfer';
import { type ClaimedTransfer, claimDueTransfers } from './claim-due-transfers';
import { expectTransferHeld } from './expect-transfer-held';
import { findPayoutAccount } from './find-payout-account';

export type SendDueTransfersOptions = {
  taskIds?: string[];
  /** Tests pass a stand-in to inject faults. */
  processorFor?: (livemode: boolean) => PaymentProcessor;
  batchSize?: number;
  leaseSeconds?: number;
};

export type SendDueTransfersCounts = { transferred: number; retrying: number };

const DEFAULT_BATCH = 20;
const DEFAULT_LEASE_SECONDS = 120;

// No transaction is open while the processor answers. The key `task:<id>:transfer` makes a re-send a replay,
// and applyTransfer books the result once.
export async function sendDueTransfers(db: Db, options: SendDueTransfersOptions = {}): Promise<SendDueTransfersCounts> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const processorFor = options.processorFor ?? ((livemode) => processorForTask(db, { livemode }));
  const counts: SendDueTransfersCounts = { transferred: 0, retrying: 0 };
  for (;;) {
    const claimed = await claimDueTransfers(db, { limit: batchSize, leaseSeconds, taskIds: options.taskIds });
    await Promise.all(
      claimed.map((transfer) =>
        sendOne(db, processorFor(transfer.livemode), transfer)
          .then((result) => {
            counts[result] += 1;
          })
          .catch((error: unknown) =>
            logger.error('transfer could not be processed', { transferId: transfer.id, error }),
          ),
      ),
    );
    if (claimed.length < batchSize) return counts;
  }
}

async function sendOne(db: Db, processor: PaymentProcessor, transfer: ClaimedTransfer) {
  const taskId = transfer.taskId;
  try {
    if (!taskId) throw new Error('a transfer without a task');
    // The books must hold what is about to leave: never send money the ledger cannot move.
    await expectTransferHeld(db, { transfer, mode: processor.livemode ? 'live' : 'test' });
    const account = await findPayoutAccount(db, transfer.userId, processor);
    if (!account) throw new Error('the worker has no payout account');
    const { transferId } = await processor.transfer({
      accountId: account.accountId,
      amountCents: transfer.amountCents,
      idempotencyKey: `task:${taskId}:transfer`,
      transferGroup: `task:${taskId}`,
    });
    await applyTransfer(db, { processor, transferRowId: transfer.id, transferId });
    return 'transferred' as const;
  } catch (error) {
    const lastError = error instanceof Error ? error.message : String(error);
    logger.warn('transfer attempt failed; retried later', {
      transferId: transfer.id,
      taskId,
      attempt: transfer.attempts,
      error: lastError,
    });
    await db
      .update(transfers)
      .set({
        lastError,
        nextAttemptAt: sql`now() + ${outboxRetryDelaySeconds(transfer.attempts)}::int * interval '1 second'`,
      })
      .where(and(eq(transfers.id, transfer.id), isNull(transfers.processorId)));
    return 'retrying' as const;
  }
}
