import type { Db } from '@/db/client';
import { logger } from '@/lib/logger';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { sendDueRefunds } from './send-due-refunds';
import { sendDueTipTransfers } from './send-due-tip-transfers';
import { sendDueTransfers } from './send-due-transfers';

export type PerformDuePaymentsOptions = {
  taskId?: string;
  /** Tests pass a stand-in to inject faults. */
  processorFor?: (livemode: boolean) => PaymentProcessor;
};

// Sent after the commit that recorded them. Never throws: what fails stays queued for the next round.
export async function performDuePayments(db: Db, { taskId, processorFor }: PerformDuePaymentsOptions = {}) {
  const taskIds = taskId ? [taskId] : undefined;
  try {
    const sent = await sendDueTransfers(db, { taskIds, processorFor });
    const refunds = await sendDueRefunds(db, { taskIds, processorFor });
    const tipped = await sendDueTipTransfers(db, { taskIds, processorFor });
    return {
      ...sent,
      ...refunds,
      transferred: sent.transferred + tipped.transferred,
      retrying: sent.retrying + refunds.retrying + tipped.retrying,
    };
  } catch (error) {
    logger.error('performing due payments failed; retried next round', { taskId, error });
    return { transferred: 0, refunded: 0, retrying: 0, failed: 0 };
  }
}
