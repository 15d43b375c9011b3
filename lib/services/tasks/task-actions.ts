import type { Db } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { MAX_REVISIONS } from '@/lib/tasks/task-transitions';
import { payWorker, refundEscrow } from './release-escrow';
import { runTransition } from './run-transition';
import { endAssignment, startAssignment } from './task-assignments';

// The actions of the task state machine other than publishing (post-task.ts) and submitting proof
// (submit-proof.ts). Each is one transaction through runTransition.

/**
 * The requester calls the task off: a draft or a posted task, or an accepted one whose worker did not show (the
 * deadline passed with nothing submitted: the state machine's `workerNoShow` guard). The escrow is refunded in
 * full either way; a no-show also ends the worker's assignment with `no_show`, the record admins see.
 */
export function cancelTask(db: Db, user: ActorUser, taskId: string) {
  return runTransition(db, {
    taskId,
    action: 'cancel',
    caller: { user },
    effect: async (tx, access) => {
      const { task } = access;
      // A draft with a funding source is being published: its card is reserved and the charge may still land
      // after this cancel, in the escrow of a cancelled task nobody would refund. Publishing finishes first.
      if (task.status === 'draft' && task.fundingSource !== null) {
        throw new ApiError('INVALID_TRANSITION', {
          message: 'This task is being funded and published; cancel it once it is posted',
          hint: 'Fetch the task; when it is posted, cancel it (the charge is refunded).',
          details: { status: task.status, fundingSource: task.fundingSource },
        });
      }
      if (task.status === 'accepted') await endAssignment(tx, task.id, 'no_show');
      await refundEscrow(tx, access, `Refund: task cancelled (${task.title})`);
      return { cancelledAt: new Date() };
    },
  });
}

/**
 * A listed worker takes a posted task of their mode (`mode.livemode`, default the deployment's); of two at once,
 * the row lock lets exactly one win (the other: 409).
 */
export function acceptTask(
  db: Db,
  user: ActorUser,
  taskId: string,
  mode: { livemode?: boolean; sandboxWorker?: boolean } = {},
) {
  return runTransition(db, {
    taskId,
    action: 'accept',
    caller: { user, ...mode },
    effect: async (tx) => {
      await startAssignment(tx, taskId, user.id);
      return { workerId: user.id, acceptedAt: new Date() };
    },
  });
}

/**
 * The worker hands the task back: it is posted again for others, its proof cleared, their assignment (and with it
 * their thread) ended.
 */
export function withdrawFromTask(db: Db, user: ActorUser, taskId: string) {
  return runTransition(db, {
    taskId,
    action: 'withdraw',
    caller: { user },
    effect: async (tx) => {
      await endAssignment(tx, taskId, 'withdrawn');
      return { ...CLEARED_PROOF, workerId: null, acceptedAt: null, revisionCount: 0 };
    },
  });
}

export function approveTask(db: Db, user: ActorUser, taskId: string) {
  return runTransition(db, {
    taskId,
    action: 'approve',
    caller: { user },
    effect: async (tx, access) => {
      await payWorker(tx, access);
      return { completedAt: new Date() };
    },
  });
}

export function requestRevision(db: Db, user: ActorUser, taskId: string, reason: string | undefined) {
  return runTransition(db, {
    taskId,
    action: 'requestRevision',
    caller: { user },
    eventData: { reason: reason ?? null },
    effect: async (_tx, { task }) => {
      if (task.revisionCount >= MAX_REVISIONS) {
        throw new ApiError('INVALID_TRANSITION', {
          message: `A task can be sent back for revision at most ${MAX_REVISIONS} times`,
          hint: 'Approve the submission, or open a dispute with POST /v1/tasks/{id}/dispute.',
          details: { status: task.status, revisionCount: task.revisionCount },
        });
      }
      return { revisionCount: task.revisionCount + 1 };
    },
  });
}

export function disputeTask(db: Db, user: ActorUser, taskId: string, reason: string) {
  return runTransition(db, { taskId, action: 'dispute', caller: { user }, eventData: { reason } });
}

/** Proof columns of a task with no submission. */
export const CLEARED_PROOF = {
  proofNote: null,
  proofPhotoIds: [],
  proofLat: null,
  proofLng: null,
  proofDistanceMeters: null,
  submittedAt: null,
};
