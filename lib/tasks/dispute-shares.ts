// Where a disputed task's escrow goes for each outcome an admin can choose (DESIGN §5 "Disputes and admin"), the
// same arithmetic as resolveDispute: a split pays the worker their part plus the platform's 15% fee on it
// (priceTask), and the rest of what the requester paid is refunded. Pure: the resolve form previews it live.
import { priceTask } from './task-rules';

export type DisputeOutcome = 'refund' | 'pay_worker' | 'split';

/** The task's money as it was funded. */
export type DisputeTaskMoney = { budgetCents: number; platformFeeCents: number; totalCents: number };

export type DisputeShares =
  | { ok: true; workerCents: number; feeCents: number; refundCents: number }
  | { ok: false; problem: string };

/** Who gets what: the worker's part, the platform's fee, and the requester's refund (total − part − fee). */
export function disputeShares(
  task: DisputeTaskMoney,
  outcome: DisputeOutcome,
  workerCents: number | null = null,
): DisputeShares {
  if (outcome === 'refund') return { ok: true, workerCents: 0, feeCents: 0, refundCents: task.totalCents };
  if (outcome === 'pay_worker') {
    const refundCents = task.totalCents - task.budgetCents - task.platformFeeCents;
    return { ok: true, workerCents: task.budgetCents, feeCents: task.platformFeeCents, refundCents };
  }
  if (workerCents === null || !Number.isInteger(workerCents) || workerCents < 1) {
    return { ok: false, problem: 'Enter what the worker gets, in dollars.' };
  }
  const share = priceTask(workerCents);
  if (share.budgetCents >= task.budgetCents || share.totalCents > task.totalCents) {
    return { ok: false, problem: 'A split gives the worker less than the budget; to pay it all, choose Pay worker.' };
  }
  return {
    ok: true,
    workerCents: share.budgetCents,
    feeCents: share.platformFeeCents,
    refundCents: task.totalCents - share.totalCents,
  };
}
