import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { execute } from '@/db/execute';
import { BALANCE_VIOLATION_SQL } from '@/lib/payments/ledger/accounts';

export type LedgerCheck = { balanced: boolean; checkedAt: string };

// One statement that stops at the first violation; `npm run ledger:check` (checkLedgerInvariants) names them.
export async function checkLedger(db: Executor): Promise<LedgerCheck> {
  const [row] = await execute<{ broken: boolean }>(
    db,
    sql`select exists (
        select 1 from ledger_entries group by transaction_id having sum(amount_cents) <> 0
      ) or exists (
        select 1 from (select account, sum(amount_cents) as balance from ledger_entries group by account) balances
        where ${sql.raw(BALANCE_VIOLATION_SQL)}
      ) as broken`,
  );
  return { balanced: row?.broken === false, checkedAt: new Date().toISOString() };
}
