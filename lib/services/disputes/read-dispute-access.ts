import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type Dispute, disputes, type Task, tasks, users } from '@/db/schema';
import { type Caller, isAdminCaller } from '@/lib/auth/admin';
import { sideOf, type TaskSide } from '@/lib/services/tasks/side-of';
import { disputeNotFound } from './dispute-not-found';

export type DisputeAccess = {
  dispute: Dispute;
  task: Task;
  /** The operator owning the requesting agent (null for a human requester). */
  requesterOwnerId: string | null;
  /** The caller's side of the task, if any. */
  side: TaskSide | null;
  /** Whether the caller acts as an admin (an admin's session: sees every dispute). */
  admin: boolean;
};

export type ReadDisputeAccessOptions = {
  caller: Caller;
  disputeId: string;
  /**
   * Lock the task's row, then the dispute's (`for update`): evidence and resolution wait for each other, and take
   * their locks in the one order (docs/conventions.md), the task first.
   */
  forUpdate?: boolean;
};

/** The dispute, its task and the caller's relation to it; 404 for anyone who is neither a side nor an admin. */
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
