import type { TaskStatus } from '@/db/schema/tasks';
import { env } from '@/lib/env';
import { noShowFrom } from './task-transitions';

// What a requester's cancel costs (docs/tasks.md "Cancellation fees"). Pure: the cancel service, the task resource
// and the pages all ask this module, so the amount a confirmation names is the amount that moves.

export type CancellationPolicyValues = { freeMinutes: number; feeMinCents: number; feePercent: number };

export function cancellationPolicyValues(): CancellationPolicyValues {
  const { CANCEL_FREE_MINUTES, CANCEL_FEE_MIN_CENTS, CANCEL_FEE_PERCENT } = env();
  return { freeMinutes: CANCEL_FREE_MINUTES, feeMinCents: CANCEL_FEE_MIN_CENTS, feePercent: CANCEL_FEE_PERCENT };
}

/** The fee a late cancel pays the worker: a share of the budget with a floor, never more than the budget. */
export function lateCancelFeeCents(budgetCents: number, policy = cancellationPolicyValues()): number {
  const share = Math.round((budgetCents * policy.feePercent) / 100);
  return Math.min(budgetCents, Math.max(policy.feeMinCents, share));
}

/**
 * `unassigned`: nobody has accepted it (draft or posted). `free_window`: accepted less than `freeMinutes` ago, with
 * no proof submitted yet.
 * `no_show`: the deadline (a booking's `noShowFrom`) passed with no proof in this assignment. `late`: any other
 * accepted task; the worker gets the fee.
 */
export type CancelReason = 'unassigned' | 'free_window' | 'no_show' | 'late';

export type CancelTask = {
  status: TaskStatus;
  deadline: Date | string;
  submittedAt: Date | string | null;
  acceptedAt: Date | string | null;
  serviceId?: string | null;
  budgetCents: number;
};

export type CancelTerms = { reason: CancelReason; feeCents: number; freeUntil: Date | null };

export function cancelTerms(task: CancelTask, now = new Date(), policy = cancellationPolicyValues()): CancelTerms {
  if (task.status !== 'accepted') return { reason: 'unassigned', feeCents: 0, freeUntil: null };
  const freeUntil = task.acceptedAt
    ? new Date(new Date(task.acceptedAt).getTime() + policy.freeMinutes * 60_000)
    : null;
  if (task.submittedAt === null && noShowFrom(task).getTime() <= now.getTime()) {
    return { reason: 'no_show', feeCents: 0, freeUntil };
  }
  // Proof submitted (and sent back) is work delivered: the window is for a change of mind before any.
  const inWindow = freeUntil === null || now.getTime() < freeUntil.getTime();
  if (task.submittedAt === null && inWindow) return { reason: 'free_window', feeCents: 0, freeUntil };
  return { reason: 'late', feeCents: lateCancelFeeCents(task.budgetCents, policy), freeUntil };
}
