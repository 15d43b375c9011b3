import type { TaskStatus } from '@/db/schema/tasks';
import { env } from '@/lib/env';

// The task state machine (DESIGN §4 "Tasks"; docs/tasks.md "Task lifecycle"). Each action names the
// statuses it leaves from, the status it leads to, and who may take it; `guards` names a condition the action
// needs beyond the status, for the statuses it applies to.
export type TaskActor = 'requester' | 'worker' | 'listedWorker' | 'eitherSide' | 'admin' | 'system';

/**
 * `slotStarted`: a booking's slot has started (`startsAt`); a task that is not a booking has no slot. Work for a
 * slot cannot be proven before it begins.
 * `openToCaller`: a recurring task's occurrence reserved for the series' last worker is theirs alone until
 * `reservedUntil` (docs/tasks.md "Recurring tasks"); everyone else may accept it from then on.
 */
export type TaskGuard = 'slotStarted' | 'openToCaller';

type TransitionRule = {
  from: readonly TaskStatus[];
  to: TaskStatus;
  by: TaskActor;
  guards?: Partial<Record<TaskStatus, TaskGuard>>;
};

export const TASK_TRANSITIONS = {
  publish: { from: ['draft'], to: 'posted', by: 'requester' },
  // An accepted task may be cancelled at any time; what it costs is lib/tasks/cancellation-policy.ts.
  cancel: { from: ['draft', 'posted', 'accepted'], to: 'cancelled', by: 'requester' },
  accept: { from: ['posted'], to: 'accepted', by: 'listedWorker', guards: { posted: 'openToCaller' } },
  // The requester takes a worker's offer (docs/tasks.md "Offers"): the task goes to that worker at its price.
  acceptOffer: { from: ['posted'], to: 'accepted', by: 'requester' },
  // A booking (POST /v1/services/{id}/book): the requester's funded task goes to the service's worker at once,
  // in the transaction that posts it. Only the booking service takes it.
  book: { from: ['posted'], to: 'accepted', by: 'requester' },
  withdraw: { from: ['accepted'], to: 'posted', by: 'worker' },
  // A worker's `withdraw` on a booking: nobody else was asked for that slot, so it is called off and refunded.
  decline: { from: ['accepted'], to: 'cancelled', by: 'worker' },
  submit: { from: ['accepted'], to: 'submitted', by: 'worker', guards: { accepted: 'slotStarted' } },
  approve: { from: ['submitted'], to: 'completed', by: 'requester' },
  requestRevision: { from: ['submitted'], to: 'accepted', by: 'requester' },
  dispute: { from: ['accepted', 'submitted'], to: 'disputed', by: 'eitherSide' },
  resolve: { from: ['disputed'], to: 'resolved', by: 'admin' },
  expire: { from: ['posted'], to: 'expired', by: 'system' },
  autoComplete: { from: ['submitted'], to: 'completed', by: 'system' },
  // An admin suspended the requester (or its operator): its open offers are withdrawn and refunded. A task a
  // worker already holds is left to finish or go to a dispute.
  suspend: { from: ['posted'], to: 'cancelled', by: 'system' },
} as const satisfies Record<string, TransitionRule>;

export type TaskAction = keyof typeof TASK_TRANSITIONS;

export const TERMINAL_STATUSES: readonly TaskStatus[] = ['completed', 'cancelled', 'expired', 'resolved'];

/** How long a requester has to approve or ask for a revision before a submission completes by itself. */
export const REVIEW_WINDOW_HOURS = 72;
export const MAX_REVISIONS = 2;

/**
 * When a submission completes by itself: its auto-approval time (a `passed` verdict on a `when_passed` task), else
 * the end of the review window. Null before any submission.
 */
export function reviewDueAt(task: { submittedAt: Date | null; autoApproveAt: Date | null }): Date | null {
  if (!task.submittedAt) return null;
  return task.autoApproveAt ?? new Date(task.submittedAt.getTime() + REVIEW_WINDOW_HOURS * 3_600_000);
}

/**
 * What a guard looks at: the task's status, deadline and current submission (a row or its API resource), and
 * whether it is a booking (`serviceId`) and when its slot starts (`startsAt`); the API resource has neither, so a
 * page passes the booking's.
 */
export type GuardedTask = {
  status: TaskStatus;
  deadline: Date | string;
  submittedAt: Date | string | null;
  serviceId?: string | null;
  startsAt?: Date | string | null;
  /** A recurring task's occurrence offered first to one worker, until `reservedUntil`. */
  reservedForWorkerId?: string | null;
  reservedUntil?: Date | string | null;
};

/**
 * When an accepted task without proof counts as a no-show, so cancelling it is free: its deadline, or for a booking
 * (whose deadline is the slot's end, which the worker may have worked to) `BOOKING_NO_SHOW_GRACE_HOURS` later.
 */
export function noShowFrom(task: Pick<GuardedTask, 'deadline' | 'serviceId'>): Date {
  const graceHours = task.serviceId ? env().BOOKING_NO_SHOW_GRACE_HOURS : 0;
  return new Date(new Date(task.deadline).getTime() + graceHours * 3_600_000);
}

/** Whether the action leaves from this status at all (perhaps only under a guard: see `unmetGuard`). */
export function leavesFrom(action: TaskAction, status: TaskStatus): boolean {
  return (TASK_TRANSITIONS[action].from as readonly TaskStatus[]).includes(status);
}

/** The guard of `action` that `task`, in a status the action leaves from, does not meet now; null when none. */
export function unmetGuard(
  action: TaskAction,
  task: GuardedTask,
  now = new Date(),
  callerId?: string,
): TaskGuard | null {
  const guard = (TASK_TRANSITIONS[action] as TransitionRule).guards?.[task.status];
  if (!guard) return null;
  return GUARDS[guard](task, now, callerId) ? null : guard;
}

const GUARDS: Record<TaskGuard, (task: GuardedTask, now: Date, callerId?: string) => boolean> = {
  slotStarted: (task, now) => !task.startsAt || new Date(task.startsAt).getTime() <= now.getTime(),
  openToCaller: (task, now, callerId) =>
    !task.reservedForWorkerId ||
    task.reservedForWorkerId === callerId ||
    !task.reservedUntil ||
    new Date(task.reservedUntil).getTime() <= now.getTime(),
};

/** Whether the action can be taken now: its status allows it and its guard, if any, holds. */
export function canTake(action: TaskAction, task: GuardedTask, now = new Date()): boolean {
  return leavesFrom(action, task.status) && unmetGuard(action, task, now) === null;
}

export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}
