import type { Db } from '@/db/client';
import type { Task } from '@/db/schema';
import { taskPartyNames } from '@/lib/services/notifications/task-party-names';
import { hasReviewed } from '@/lib/services/reviews/has-reviewed';
import type { TaskSide } from '@/lib/services/tasks/side-of';
import { findWorkerProfileId } from '@/lib/services/workers/find-worker-profile-id';
import { getWorkerProfile } from '@/lib/services/workers/get-worker-profile';

/**
 * The people on a task page: both sides' names (for the thread), the assigned worker's public profile (coarse
 * location, as GET /v1/workers/{id}) and whether the viewer's side still owes a review of a completed task.
 */
export async function loadTaskPeople(db: Db, viewerId: string, task: Task, side: TaskSide) {
  const profileId = task.workerId ? await findWorkerProfileId(db, task.workerId) : null;
  const [names, worker, reviewed] = await Promise.all([
    taskPartyNames(db, task),
    profileId ? getWorkerProfile(db, { viewerId, workerId: profileId }) : null,
    task.status === 'completed' ? hasReviewed(db, { taskId: task.id, side }) : true,
  ]);
  return { names, worker, reviewDue: task.status === 'completed' && !reviewed };
}
