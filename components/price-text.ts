import type { TaskStatus } from '@/db/schema';
import { formatMoney } from '@/lib/format/money';
import type { TaskMoney } from '@/lib/services/money/read-task-money';

/** Whose seat the price is read from: the requester (and staff) see the whole money, the worker their pay. */
export type PriceSide = 'requester' | 'worker';

export type PriceFacts = {
  status: TaskStatus;
  budgetCents: number;
  totalCents: number;
  /** What the ledger booked for the task (readTaskMoney). */
  money: TaskMoney;
  /** The assigned worker's name, for "Paid $20.00 to Dana". */
  workerName: string | null;
};

const ENDED: TaskStatus[] = ['completed', 'cancelled', 'expired', 'resolved'];

/**
 * The one sentence a task page says about its money, after the task's state and from the reader's side. A draft's
 * total is what publishing will charge; every other amount is what the ledger booked, so a split dispute reads as
 * what each side got, not the budget.
 */
export function priceText({ status, budgetCents, totalCents, money, workerName }: PriceFacts, side: PriceSide) {
  const ended = ENDED.includes(status);
  if (side === 'worker') {
    if (!ended) return `You earn ${formatMoney(budgetCents)}`;
    return money.workerCents > 0
      ? `You were paid ${formatMoney(money.workerCents)}`
      : 'You were not paid for this task';
  }
  if (status === 'draft') return `Will charge ${formatMoney(totalCents)}`;
  if (!ended)
    return money.heldCents > 0 ? `${formatMoney(money.heldCents)} held in escrow` : 'Nothing held in escrow yet';
  const paid = money.workerCents > 0 ? `Paid ${formatMoney(money.workerCents)} to ${workerName ?? 'the worker'}` : null;
  const refunded = money.refundedCents > 0 ? formatMoney(money.refundedCents) : null;
  if (paid && refunded) return `${paid}, ${refunded} refunded`;
  if (paid) return paid;
  if (refunded) return `Refunded ${refunded}`;
  return 'Nothing was charged';
}
