import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { disputes } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { AdminCaller } from '@/lib/services/admin/admin-caller';
import { assertAdmin } from '@/lib/services/admin/assert-admin';
import { disputeNotFound } from './dispute-not-found';
import type { DisputeResolutionInput } from './resolution-amounts';
import { resolveDispute } from './resolve-dispute';
import type { DisputeResource } from './to-dispute-resource';

export type ResolveDisputeByIdOptions = {
  admin: AdminCaller;
  disputeId: string;
  resolution: DisputeResolutionInput & { note: string };
};

// The same transition and ledger movements as POST /v1/tasks/{id}/resolve.
export async function resolveDisputeById(
  db: Db,
  { admin, disputeId, resolution }: ResolveDisputeByIdOptions,
): Promise<DisputeResource> {
  assertAdmin(admin, 'resolve disputes');
  const status = async () => {
    const [row] = await db
      .select({ taskId: disputes.taskId, status: disputes.status })
      .from(disputes)
      .where(eq(disputes.id, disputeId));
    return row;
  };
  const before = await status();
  if (!before) throw disputeNotFound();
  if (before.status !== 'open') throw new ApiError('DISPUTE_NOT_OPEN');
  try {
    const { dispute } = await resolveDispute(db, { admin, taskId: before.taskId, resolution });
    return dispute;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'INVALID_TRANSITION' && (await status())?.status === 'resolved') {
      throw new ApiError('DISPUTE_NOT_OPEN');
    }
    throw error;
  }
}
