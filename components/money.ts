import { formatMoney } from '@/lib/format/money';

type MovementKind = 'charge' | 'x402_receipt' | 'refund' | 'release' | 'transfer' | 'adjustment';

const OPEN = new Set(['draft', 'posted', 'accepted', 'submitted', 'disputed']);

export type Movement = { signedCents: number; label: string; neutral?: true };

/**
 * A payment-history row as the user reads it: signed from their side (money out is −, a refund or a payout
 * to them is +) and worded after the task's state now, so "held in escrow" shows only while it is. Pay that
 * was held (`held`: the task has a release) counts once: the release is the earning, and the later transfer
 * of it is `neutral`, a move of money already theirs.
 */
export function describeMovement(
  kind: MovementKind,
  amountCents: number,
  taskStatus: string | null,
  held = false,
): Movement {
  switch (kind) {
    case 'charge':
    case 'x402_receipt': {
      const paidBy = kind === 'charge' ? 'Card charged' : 'Paid with x402';
      const state =
        taskStatus === null || OPEN.has(taskStatus)
          ? 'held in escrow'
          : taskStatus === 'completed' || taskStatus === 'resolved'
            ? 'paid to worker'
            : 'refunded';
      return { signedCents: -amountCents, label: `${paidBy} — ${state}` };
    }
    case 'refund':
      return { signedCents: amountCents, label: 'Refunded to you' };
    case 'release':
      return { signedCents: amountCents, label: 'Earned — held until your payout account can receive it' };
    case 'transfer':
      return held
        ? { signedCents: amountCents, label: 'Held pay sent to your payout account', neutral: true }
        : { signedCents: amountCents, label: 'Paid to you' };
    default:
      return { signedCents: amountCents, label: 'Adjustment' };
  }
}

/** Signed dollars: −$23.00, +$8.00 (zero and a neutral movement unsigned). */
export function signedDollars(cents: number, neutral = false) {
  if (cents === 0 || neutral) return formatMoney(Math.abs(cents));
  return `${cents < 0 ? '−' : '+'}${formatMoney(Math.abs(cents))}`;
}
