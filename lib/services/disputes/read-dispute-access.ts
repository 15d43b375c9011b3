import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type Dispute, disputes, type Task, tasks, users } from '@/db/schema';
import { type Caller, isAdminCaller } from '@/lib/auth/admin';
import { sideOf, type TaskSide } from '@/lib/services/tasks/side-of';
import { disputeNotFound } from './dispute-not-found';

export type DisputeAccess = {
  dispute: Dispute;
  task: Task;
  requesterOwnerId: string | null;
  side: TaskSide | null;
  /** An admin's session sees every dispute. */
  admin: boolean;
};

export type ReadDisputeAccessOptions = {
  caller: Caller;
  disputeId: string;
  /** Task row, then dispute row: the one lock order (docs/conventions.md), so evidence and resolution wait for each other. */
  forUpdate?: boolean;
};

export async function readDisputeAccess(
  db: Executor,
  { caller, disputeId, forUpdate = false }: ReadDisputeAccessOptions,
): Promise<DisputeAccess> {
  if (forUpdate) {
    const taskOfDispute = db.select({ id: disputes.taskId }).from(disputes).where(eq(disputes.id, disputeId));
    await db.select({ id: tasks.id }).from(tasks).where(inArray(tasks.id, taskOfDispute)).for('update');
  }
  const query = db
    .select({ dispute: disputes, task: tasks, requesterOwnerId: users.ownerId })
    .from(disputes)
    .innerJoin(tasks, eq(tasks.id, disputes.taskId))
    .innerJoin(users, eq(users.id, tasks.requesterId))
    .where(eq(disputes.id, disputeId));
  const [row] = forUpdate ? await query.for('update', { of: disputes }) : await query;
  if (!row) throw disputeNotFound();
  const side = sideOf(row.task, row.requesterOwnerId, caller.user.id);
  const admin = isAdminCaller(caller);
  if (side === null && !admin) throw disputeNotFound();
  return { ...row, side, admin };
}
