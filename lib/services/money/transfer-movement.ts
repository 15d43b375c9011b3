import { type LedgerMode, ledgerAccount } from '@/lib/payments/ledger/accounts';
import type { TransferToWorkerInput } from './transfer-to-worker-input';

export type TransferMovementOptions = {
  mode: LedgerMode;
  /** The account paying: the task's escrow, or what the platform owes the worker. */
  from: string;
  /** The account the worker's amount goes to. */
  to: string;
  input: Pick<TransferToWorkerInput, 'amountCents' | 'feeCents'>;
};

/** `from` pays the worker's amount to `to` and the fee (if any) to the platform. */
export function transferMovement({ mode, from, to, input }: TransferMovementOptions) {
  return [
    { account: from, amountCents: -(input.amountCents + input.feeCents) },
    { account: to, amountCents: input.amountCents },
    ...(input.feeCents > 0 ? [{ account: ledgerAccount.platformFees(mode), amountCents: input.feeCents }] : []),
  ];
}
