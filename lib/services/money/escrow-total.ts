import { type AnyColumn, and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { ledgerEntries, ledgerTransactions, tasks } from '@/db/schema';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';

type LedgerKind = (typeof ledgerTransactions.$inferSelect)['kind'];

// Payments to the worker also leave the escrow but are spending, so those kinds are never counted.
export const GROSS_KINDS: LedgerKind[] = ['charge', 'x402_receipt'];
export const NET_KINDS: LedgerKind[] = ['charge', 'x402_receipt', 'refund'];

// `ledgerAccount.escrow(mode, '')` is the account name up to the task id; a task counts in its own mode.
const taskEscrowAccount = sql`(case when ${tasks.livemode} then ${ledgerAccount.escrow('live', '')}
  else ${ledgerAccount.escrow('test', '')} end || ${tasks.id}::text)`;

/** `requesterId` may be a column, for use as a lateral subquery. */
export function escrowTotal(db: Executor, requesterId: string | AnyColumn, kinds: LedgerKind[]) {
  return db
    .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number).as('cents') })
    .from(tasks)
    .innerJoin(ledgerEntries, eq(ledgerEntries.account, taskEscrowAccount))
    .innerJoin(
      ledgerTransactions,
      and(eq(ledgerTransactions.id, ledgerEntries.transactionId), inArray(ledgerTransactions.kind, kinds)),
    )
    .where(eq(tasks.requesterId, requesterId));
}

/** The one definition of what an agent has spent (docs/payments.md, "Spent"). */
export function spentTotal(db: Executor, requesterId: string | AnyColumn) {
  return escrowTotal(db, requesterId, NET_KINDS);
}
