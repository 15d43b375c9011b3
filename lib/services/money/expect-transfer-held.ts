import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '@/db/client';
import { ledgerTransactions, type transfers } from '@/db/schema';
import { type LedgerMode, ledgerAccount } from '@/lib/payments/ledger/accounts';
import { expectHeld } from './expect-held';

export type TransferSourceOptions = {
  transfer: Pick<typeof transfers.$inferSelect, 'taskId' | 'userId' | 'livemode' | 'amountCents'>;
  mode: LedgerMode;
};

export async function transferSource(db: Executor, { transfer, mode }: TransferSourceOptions) {
  const kinds = transfer.taskId
    ? await db
        .select({ kind: ledgerTransactions.kind })
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.taskId, transfer.taskId),
            inArray(ledgerTransactions.kind, ['release', 'transfer']),
            eq(ledgerTransactions.livemode, transfer.livemode),
          ),
        )
    : [];
  return {
    booked: kinds.some((row) => row.kind === 'transfer'),
    from: ledgerAccount.workerPayable(mode, transfer.userId),
  };
}

export async function expectTransferHeld(db: Db, options: TransferSourceOptions) {
  const { booked, from } = await transferSource(db, options);
  if (booked) return;
  await db.transaction((tx) => expectHeld(tx, from, options.transfer.amountCents));
}
