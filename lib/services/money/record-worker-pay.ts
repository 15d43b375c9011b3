import type { Tx } from '@/db/client';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { expectHeld } from './expect-held';
import { findPayoutAccount } from './find-payout-account';
import { insertTransferRow } from './insert-transfer-row';
import { transferMovement } from './transfer-movement';
import type { TransferToWorkerInput } from './transfer-to-worker-input';

// Recorded in the completing transaction, never sent from it: a slow processor holds no task lock. The ledger
// moves here, so the escrow settles with the status. Pay to an account that cannot receive transfers yet is held
// (to `worker_payable`) so the task need not wait. Returns whether it is held.
export async function recordWorkerPay(tx: Tx, processor: PaymentProcessor, input: TransferToWorkerInput) {
  const mode = processor.livemode ? 'live' : 'test';
  const escrow = ledgerAccount.escrow(mode, input.taskId);
  await expectHeld(tx, escrow, input.amountCents + input.feeCents);
  const account = await findPayoutAccount(tx, input.workerId, processor);
  const held = !account?.payoutsEnabled;
  await insertTransferRow(tx, processor, { ...input, feeCents: held ? 0 : input.feeCents });
  await postLedgerTransaction(tx, {
    kind: held ? 'release' : 'transfer',
    idempotencyKey: `${mode}:task:${input.taskId}:${held ? 'release' : 'transfer'}`,
    livemode: processor.livemode,
    taskId: input.taskId,
    userId: input.workerId,
    description: held
      ? `${input.description} (held until the worker’s payout account can receive transfers)`
      : input.description,
    entries: transferMovement({
      mode,
      from: escrow,
      to: held ? ledgerAccount.workerPayable(mode, input.workerId) : ledgerAccount.workerPayouts(mode, input.workerId),
      input,
    }),
  });
  return held;
}
