import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { beforeCursor, cursorAt, decodeCursor, pageOf } from '@/db/cursor';
import { ledgerTransactions } from '@/db/schema';

export type HistoryQuery = { userId: string; livemode: boolean; cursor?: string; limit: number };

export async function listPaymentHistory(db: Db, query: HistoryQuery) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  // Written out in full: Drizzle leaves column names unqualified in a select list, which a correlated
  // subquery over two tables with an `id` each cannot have.
  // The amount is what reached the user's side: a transfer's platform fee is the platform's, not the worker's.
  const amount = sql<string>`(select sum(e.amount_cents) from ledger_entries e
    where e.transaction_id = "ledger_transactions"."id" and e.amount_cents > 0
      and split_part(e.account, ':', 2) <> 'platform_fees')`;
  const rows = await db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      amountCents: amount,
      taskId: ledgerTransactions.taskId,
      reference: ledgerTransactions.reference,
      description: ledgerTransactions.description,
      livemode: ledgerTransactions.livemode,
      createdAt: ledgerTransactions.createdAt,
      cursorAt: cursorAt(ledgerTransactions.createdAt),
    })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.userId, query.userId),
        eq(ledgerTransactions.livemode, query.livemode),
        beforeCursor(ledgerTransactions.createdAt, ledgerTransactions.id, after),
      ),
    )
    .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
    .limit(query.limit + 1);
  const { shown: page, nextCursor } = pageOf(rows, query.limit, (last) => last);
  return {
    data: page.map(({ cursorAt: _cursor, ...row }) => ({
      ...row,
      amountCents: Number(row.amountCents),
      currency: 'usd' as const,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor,
  };
}
