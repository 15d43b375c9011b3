import { type LedgerMode, ledgerAccount } from '@/lib/payments/ledger/accounts';
import type { TransferToWorkerInput } from './transfer-to-worker-input';

export type TransferMovementOptions = {
  mode: LedgerMode;
  from: string;
  to: string;
  input: Pick<TransferToWorkerInput, 'amountCents' | 'feeCents'>;
};

export function transferMovement({ mode, from, to, input }: TransferMovementOptions) {
  return [
    { account: from, amountCents: -(input.amountCents + input.feeCents) },
    { account: to, amountCents: input.amountCents },
    ...(input.feeCents > 0 ? [{ account: ledgerAccount.platformFees(mode), amountCents: input.feeCents }] : []),
  ];
}
