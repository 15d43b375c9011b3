import type { Db } from '@/db/client';
import { ApiError } from '@/lib/errors/api-error';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { findPayoutAccount } from './find-payout-account';
import { sendTransfer } from './send-transfer';
import type { TransferToWorkerInput } from './transfer-to-worker-input';

/**
 * Pays a worker for a task: the escrow splits into the worker's payout (a transfer to their payout
 * account) and the platform fee. Idempotent by task: the transfer row is locked while the processor is
 * called with the key `task:<id>:transfer`, so a retry (or a concurrent call, or a retry after a
 * processor timeout) reuses the same key and can never pay twice.
 */
export async function transferToWorker(db: Db, processor: PaymentProcessor, input: TransferToWorkerInput) {
  const account = await findPayoutAccount(db, input.workerId, processor);
  if (!account?.payoutsEnabled) {
    throw new ApiError('CONFLICT', {
      message: 'The worker’s payout account cannot receive transfers yet',
      hint: 'The worker must finish payout onboarding (POST /v1/payments/payout-account).',
    });
  }
  return sendTransfer(db, { processor, input, accountId: account.accountId });
}
