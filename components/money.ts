import { formatMoney } from '@/lib/format/money';
import type { TaskMoney } from '@/lib/services/money/read-task-money';

type MovementKind = 'charge' | 'x402_receipt' | 'refund' | 'release' | 'transfer' | 'adjustment' | 'tip';

const OPEN = new Set(['draft', 'posted', 'accepted', 'submitted', 'disputed']);

export type Movement = { signedCents: number; label: string; neutral?: true };

/** The task a movement belongs to: its status now and what the ledger booked for it (readTaskMoney). */
export type MovementTask = { status: string; money: TaskMoney };

/**
 * A payment-history row as the user reads it: signed from their side (money out is −, a refund or a payout
 * to them is +) and, for the payer's charge, worded after what became of it: "held in escrow" only while the
 * task is open, then the amounts paid to the worker and refunded, as booked (a split names both). Pay that
 * was held (`held`: the task has a release) counts once: the release is the earning, and the later transfer
 * of it is `neutral`, a move of money already theirs. A tip is out of the payer's pocket, into the worker's
 * (`tipReceived`: the worker's side, its transfer).
 */
export function describeMovement(
  kind: MovementKind,
  amountCents: number,
  task: MovementTask | null,
  held = false,
  tipReceived = false,
): Movement {
  switch (kind) {
    case 'charge':
    case 'x402_receipt': {
      const paidBy = kind === 'charge' ? 'Card charged' : 'Paid with x402';
      return { signedCents: -amountCents, label: `${paidBy} — ${whatBecameOf(task)}` };
    }
    case 'refund':
      return { signedCents: amountCents, label: 'Refunded to you' };
    case 'release':
      return { signedCents: amountCents, label: 'Earned — held until your payout account can receive it' };
    case 'transfer':
      return held
        ? { signedCents: amountCents, label: 'Held pay sent to your payout account', neutral: true }
        : { signedCents: amountCents, label: 'Paid to you' };
    case 'tip':
      return tipReceived
        ? { signedCents: amountCents, label: 'Tip paid to you' }
        : { signedCents: -amountCents, label: 'Tip to the worker' };
    default:
      return { signedCents: amountCents, label: 'Adjustment' };
  }
}

/** Where a payer's money went: held while the task is open, then paid to the worker and/or refunded. */
function whatBecameOf(task: MovementTask | null) {
  if (task === null || OPEN.has(task.status)) return 'held in escrow';
  const { workerCents, refundedCents } = task.money;
  const paid = workerCents > 0 ? `paid ${formatMoney(workerCents)} to the worker` : null;
  const refunded = refundedCents > 0 ? formatMoney(refundedCents) : null;
  if (paid && refunded) return `${paid}, ${refunded} refunded`;
  if (paid) return paid;
  return refunded ? `refunded ${refunded}` : 'refunded';
}

/** Signed dollars: −$23.00, +$8.00 (zero and a neutral movement unsigned). */
export function signedDollars(cents: number, neutral = false) {
  if (cents === 0 || neutral) return formatMoney(Math.abs(cents));
  return `${cents < 0 ? '−' : '+'}${formatMoney(Math.abs(cents))}`;
}
