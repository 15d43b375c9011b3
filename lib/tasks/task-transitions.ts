import type { TaskStatus } from '@/lib/schemas/tasks';

// The task state machine (DESIGN §4 "Tasks"; docs/architecture.md "Task lifecycle"). Each action names the
// statuses it leaves from, the status it leads to, and who may take it.
export type TaskActor = 'requester' | 'worker' | 'listedWorker' | 'eitherSide' | 'admin' | 'system';

export const TASK_TRANSITIONS = {
  publish: { from: ['draft'], to: 'posted', by: 'requester' },
  cancel: { from: ['draft', 'posted'], to: 'cancelled', by: 'requester' },
  accept: { from: ['posted'], to: 'accepted', by: 'listedWorker' },
  withdraw: { from: ['accepted'], to: 'posted', by: 'worker' },
  submit: { from: ['accepted'], to: 'submitted', by: 'worker' },
  approve: { from: ['submitted'], to: 'completed', by: 'requester' },
  requestRevision: { from: ['submitted'], to: 'accepted', by: 'requester' },
  dispute: { from: ['accepted', 'submitted'], to: 'disputed', by: 'eitherSide' },
  resolve: { from: ['disputed'], to: 'resolved', by: 'admin' },
  expire: { from: ['posted'], to: 'expired', by: 'system' },
  autoComplete: { from: ['submitted'], to: 'completed', by: 'system' },
} as const satisfies Record<string, { from: readonly TaskStatus[]; to: TaskStatus; by: TaskActor }>;

export type TaskAction = keyof typeof TASK_TRANSITIONS;

export const TERMINAL_STATUSES: readonly TaskStatus[] = ['completed', 'cancelled', 'expired', 'resolved'];

/** How long a requester has to approve or ask for a revision before a submission completes by itself. */
export const REVIEW_WINDOW_HOURS = 72;
export const MAX_REVISIONS = 2;
/** How far from the task's location a `gps` proof may be taken. */
export const PROOF_GPS_RADIUS_METERS = 500;

export function canTake(action: TaskAction, status: TaskStatus): boolean {
  return (TASK_TRANSITIONS[action].from as readonly TaskStatus[]).includes(status);
}

export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}
