import type { Db } from '@/db/client';
import type { Task } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { isAdmin } from '@/lib/auth/is-admin';
import type { DisputeResolutionInput } from '@/lib/services/disputes/resolution-amounts';
import { settleDispute } from '@/lib/services/disputes/settle-dispute';
import type { DisputeResource } from '@/lib/services/disputes/to-dispute-resource';
import type { TaskAccess } from './read-task-access';
import { runTransition } from './run-transition';

export type ResolveDisputeOptions = {
  user: ActorUser;
  taskId: string;
  resolution: DisputeResolutionInput;
  /** The admin's address, for the audit log. */
  ip?: string | null;
};

export type ResolvedDispute = { task: Task; access: TaskAccess; dispute: DisputeResource };

/**
 * An admin ends a dispute (disputed → resolved), the one path of POST /v1/tasks/{id}/resolve and
 * POST /v1/disputes/{id}/resolve: the escrow goes back to the requester, to the worker (with the platform's fee,
 * as on approval), or is split (the worker gets `workerCents`, the fee is taken on that part only, the rest is
 * refunded), and the dispute row records it (settle-dispute.ts). Two resolutions at once: the task lock lets one
 * through, the other finds the task resolved (409 INVALID_TRANSITION) and nothing moves twice.
 */
export async function resolveDispute(
  db: Db,
  { user, taskId, resolution, ip = null }: ResolveDisputeOptions,
): Promise<ResolvedDispute> {
  let dispute: DisputeResource | undefined;
  const { outcome, workerCents, note } = resolution;
  const result = await runTransition(db, {
    taskId,
    action: 'resolve',
    caller: { user, isAdmin: isAdmin(user) },
    eventData: { resolution: { outcome, workerCents, note } },
    effect: async (tx, access) => {
      dispute = await settleDispute(tx, { admin: { user, ip }, access, resolution });
      return {};
    },
  });
  if (!dispute) throw new Error('the resolve transition ran without its effect');
  return { ...result, dispute };
}
