import type { Tx } from '@/db/client';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { expectHeld } from './expect-held';
import { findPayoutAccount } from './find-payout-account';
import { insertTransferRow } from './insert-transfer-row';
import { sendTransfer } from './send-transfer';
import { transferMovement } from './transfer-movement';
import type { TransferToWorkerInput } from './transfer-to-worker-input';

/**
 * A completed task's pay: transferred now, or, while the worker's payout account cannot receive transfers
 * (onboarding unfinished, or payouts paused by the processor), held so the task need not wait. Held pay is
 * released from the escrow (the budget to `worker_payable`, the fee to the platform) with an unsent transfer row;
 * `payHeldWorkers` sends it (`released: true`) once the account can receive it. Returns whether it was sent.
 */
export async function transferOrHold(tx: Tx, processor: PaymentProcessor, input: TransferToWorkerInput) {
  const account = await findPayoutAccount(tx, input.workerId, processor);
  if (account?.payoutsEnabled) {
    await sendTransfer(tx, { processor, input, accountId: account.accountId });
    return true;
  }
  const mode = processor.livemode ? 'live' : 'test';
  const escrow = ledgerAccount.escrow(mode, input.taskId);
  await expectHeld(tx, escrow, input.amountCents + input.feeCents);
  await insertTransferRow(tx, processor, input);
  await postLedgerTransaction(tx, {
    kind: 'release',
    idempotencyKey: `${mode}:task:${input.taskId}:release`,
    livemode: processor.livemode,
    taskId: input.taskId,
    userId: input.workerId,
    description: `${input.description} (held until the worker’s payout account can receive transfers)`,
    entries: transferMovement({ mode, from: escrow, to: ledgerAccount.workerPayable(mode, input.workerId), input }),
  });
  return false;
}
