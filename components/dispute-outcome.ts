import { formatMoney } from '@/lib/format/money';
import type { DisputeOutcome } from '@/lib/tasks/dispute-shares';

/** The outcomes as the resolve form offers them. */
export const OUTCOME_LABELS: Record<DisputeOutcome, string> = {
  refund: 'Refund requester',
  pay_worker: 'Pay worker',
  split: 'Split',
};

/** Who reads the outcome: one of the task's sides, or staff. */
export type DisputeReader = 'requester' | 'worker' | 'admin';

type Resolution = { outcome: DisputeOutcome; workerCents: number; refundCents: number };

/**
 * A resolved dispute in plain words for `reader`: "Split: you received $12.00, $9.20 was refunded to the
 * requester." for the worker, the same money from the requester's seat for them, in the third person for staff.
 */
export function describeOutcome({ outcome, workerCents, refundCents }: Resolution, reader: DisputeReader): string {
  const paid = formatMoney(workerCents);
  const refunded = formatMoney(refundCents);
  const worker = reader === 'worker' ? 'you' : 'the worker';
  const requester = reader === 'requester' ? 'you' : 'the requester';
  if (outcome === 'refund') {
    if (reader === 'requester') return `Refunded: ${refunded} was refunded to you.`;
    return `Refunded: ${refunded} was refunded to the requester; ${worker} received nothing.`;
  }
  if (outcome === 'pay_worker') {
    const refund = refundCents > 0 ? `, ${refunded} was refunded to ${requester}` : '; nothing was refunded';
    return `Worker paid: ${worker} received ${paid}${refund}.`;
  }
  return `Split: ${worker} received ${paid}, ${refunded} was refunded to ${requester}.`;
}
