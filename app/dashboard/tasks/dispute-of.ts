import type { Db } from '@/db/client';
import { findTaskDispute } from '@/lib/services/disputes/find-task-dispute';

/** A task page's dispute, for a reader the page already let in: only a disputed or resolved task has one. */
export async function disputeOf(db: Db, task: { id: string; status: string }) {
  if (task.status !== 'disputed' && task.status !== 'resolved') return null;
  return findTaskDispute(db, { taskId: task.id });
}
