import type { Database } from '@/db/client';
import { BALANCE_VIOLATION_SQL } from './accounts';

export type LedgerViolation = { rule: string; detail: string };

/**
 * The ledger's invariants, checked over the whole table: every transaction balances (so all entries sum
 * to zero) and no account breaks its sign rule (escrow, fees, payables never negative; funding sources
 * never positive). Used by `npm run ledger:check` and after every test file.
 */
export async function checkLedgerInvariants(database: Database): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  const [total] = await database.query<{ sum: string | null }>(
    'ledger_check_total',
    'select sum(amount_cents)::text as sum from ledger_entries',
    [],
  );
  if (Number(total?.sum ?? 0) !== 0) violations.push({ rule: 'all entries sum to zero', detail: `sum ${total?.sum}` });

  const unbalanced = await database.query<{ transaction_id: string; sum: string }>(
    'ledger_check_transactions',
    `select transaction_id, sum(amount_cents)::text as sum from ledger_entries
      group by transaction_id having sum(amount_cents) <> 0 limit 20`,
    [],
  );
  for (const row of unbalanced) {
    violations.push({ rule: 'each transaction balances', detail: `${row.transaction_id} sums to ${row.sum}` });
  }

  const broken = await database.query<{ account: string; balance: string }>(
    'ledger_check_signs',
    `select account, balance::text as balance from (
        select account, sum(amount_cents) as balance from ledger_entries group by account
      ) balances where ${BALANCE_VIOLATION_SQL} limit 20`,
    [],
  );
  for (const row of broken) {
    violations.push({ rule: 'account keeps its sign', detail: `${row.account} has balance ${row.balance}` });
  }
  return violations;
}
