// Ledger account names. Every name starts with the mode, so test-mode money never mixes with live money.
// Balances follow one sign rule per kind: what flows in is positive.
export type LedgerMode = 'live' | 'test';

export const ledgerAccount = {
  /** Where a requester's card money comes from (outside the platform): only ever goes negative. */
  requesterFunding: (mode: LedgerMode, userId: string) => `${mode}:requester_funding:${userId}`,
  /** Where x402 (USDC) payments come from: only ever goes negative. */
  x402Receipts: (mode: LedgerMode) => `${mode}:x402_receipts`,
  /** Money held for one task between funding and its end; back to zero when the task ends. */
  escrow: (mode: LedgerMode, taskId: string) => `${mode}:escrow:task:${taskId}`,
  /** The platform's 15% fee, earned when a task completes. */
  platformFees: (mode: LedgerMode) => `${mode}:platform_fees`,
  /** What the platform owes a worker until the transfer to their payout account is made. */
  workerPayable: (mode: LedgerMode, userId: string) => `${mode}:worker_payable:${userId}`,
  /** Transferred to a worker's payout account (leaves the platform). */
  workerPayouts: (mode: LedgerMode, userId: string) => `${mode}:worker_payouts:${userId}`,
  /** Refunded to a requester's card (leaves the platform). */
  refunds: (mode: LedgerMode, userId: string) => `${mode}:refunds:${userId}`,
};

const NON_NEGATIVE = new Set(['escrow', 'platform_fees', 'worker_payable', 'worker_payouts', 'refunds']);
const NON_POSITIVE = new Set(['requester_funding', 'x402_receipts']);

/** The sign an account's balance must keep, from its kind (the segment after the mode). */
export function balanceRule(account: string): 'nonNegative' | 'nonPositive' | 'any' {
  const kind = account.split(':')[1] ?? '';
  if (NON_NEGATIVE.has(kind)) return 'nonNegative';
  if (NON_POSITIVE.has(kind)) return 'nonPositive';
  return 'any';
}

/** SQL predicate over `account` (and `balance`) that is true for a balance breaking its account's rule. */
export const BALANCE_VIOLATION_SQL = `(
  (split_part(account, ':', 2) in (${[...NON_NEGATIVE].map((kind) => `'${kind}'`).join(', ')}) and balance < 0)
  or (split_part(account, ':', 2) in (${[...NON_POSITIVE].map((kind) => `'${kind}'`).join(', ')}) and balance > 0)
)`;
