import type { Tx } from '@/db/client';
import { disputes } from '@/db/schema';
import type { TaskAccess } from '@/lib/services/tasks/read-task-access';
import { emitDisputeEvent } from './emit-dispute-event';
import { toDisputeResource } from './to-dispute-resource';

export type OpenDisputeOptions = {
  /** Locked by the transition. */
  access: TaskAccess;
  openedById: string;
  reason: string;
  details?: string | null;
};

// Inside the `dispute` transition (lib/services/tasks/dispute-task.ts).
export async function openDispute(tx: Tx, { access, openedById, reason, details = null }: OpenDisputeOptions) {
  const { task } = access;
  const [dispute] = await tx
    .insert(disputes)
    .values({
      taskId: task.id,
      openedById,
      openedBy: access.side === 'requester' ? 'requester' : 'worker',
      reason,
      details,
    })
    .returning();
  if (!dispute) throw new Error('dispute insert returned no row');
  const resource = toDisputeResource(dispute, []);
  await emitDisputeEvent(tx, 'dispute.opened', access, resource);
  return resource;
}
