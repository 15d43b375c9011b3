import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { transfers } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { lockLedgerAccount } from '@/lib/payments/ledger/post-ledger-transaction';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { findPayoutAccount } from './find-payout-account';
import { recordWorkerPay } from './record-worker-pay';
import { sendDueTransfers } from './send-due-transfers';
import type { TransferToWorkerInput } from './transfer-to-worker-input';

// Recorded in a transaction of its own, then sent after the commit (key `task:<id>:transfer`), so a retry or a
// concurrent call can never pay twice.
export async function transferToWorker(db: Db, processor: PaymentProcessor, input: TransferToWorkerInput) {
  const account = await findPayoutAccount(db, input.workerId, processor);
  if (!account?.payoutsEnabled) {
    throw new ApiError('CONFLICT', {
      message: 'The worker’s payout account cannot receive transfers yet',
      hint: 'The worker must finish payout onboarding (POST /v1/payments/payout-account).',
    });
  }
  const forTask = and(eq(transfers.taskId, input.taskId), eq(transfers.livemode, processor.livemode));
  await db.transaction(async (tx) => {
    // The escrow's lock, taken first, makes a concurrent call wait and then find the pay recorded.
    await lockLedgerAccount(tx, ledgerAccount.escrow(processor.livemode ? 'live' : 'test', input.taskId));
    const [recorded] = await tx.select({ id: transfers.id }).from(transfers).where(forTask);
    if (!recorded) await recordWorkerPay(tx, processor, input);
  });
  await sendDueTransfers(db, { taskIds: [input.taskId], processorFor: () => processor });
  const [transfer] = await db.select().from(transfers).where(forTask);
  if (!transfer) throw new Error('transfer row vanished');
  return transfer;
}
