import type { Db } from '@/db/client';
import type { Task } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { AdminCaller } from '@/lib/services/admin/admin-caller';
import { assertAdmin } from '@/lib/services/admin/assert-admin';
import { performDuePayments } from '@/lib/services/money/perform-due-payments';
import type { TaskAccess } from '@/lib/services/tasks/read-task-access';
import { runTransition } from '@/lib/services/tasks/run-transition';
import type { DisputeResolutionInput } from './resolution-amounts';
import { settleDispute } from './settle-dispute';
import type { DisputeResource } from './to-dispute-resource';

export type ResolveDisputeOptions = {
  admin: AdminCaller;
  taskId: string;
  resolution: DisputeResolutionInput;
};

export type ResolvedDispute = { task: Task; access: TaskAccess; dispute: DisputeResource };

// The one path of both resolve endpoints. Two resolutions at once: the task lock lets one through, the other
// finds the task resolved (409) and nothing moves twice. Only an admin's session may resolve (any API key is 403),
// and never on a task where that admin is a side: another admin must decide.
export async function resolveDispute(
  db: Db,
  { admin, taskId, resolution }: ResolveDisputeOptions,
): Promise<ResolvedDispute> {
  assertAdmin(admin, 'resolve disputes');
  let dispute: DisputeResource | undefined;
  const { outcome, workerCents, note } = resolution;
  const result = await runTransition(db, {
    taskId,
    action: 'resolve',
    caller: { user: admin.user, isAdmin: true },
    eventData: { resolution: { outcome, workerCents, note } },
    effect: async (tx, access) => {
      if (access.side !== null) throw ownDispute(access.side);
      dispute = await settleDispute(tx, { admin, access, resolution });
      return {};
    },
  });
  if (!dispute) throw new Error('the resolve transition ran without its effect');
  await performDuePayments(db, { taskId });
  return { ...result, dispute };
}

function ownDispute(side: 'requester' | 'worker'): ApiError {
  return new ApiError('FORBIDDEN', {
    message: `You cannot resolve a dispute on a task where you are the ${side}`,
    hint: 'Ask another admin to resolve it; you can still add evidence as a side.',
    details: { side },
  });
}
