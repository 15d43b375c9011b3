import type { Task } from '@/db/schema';

/** The two sides of a task: the requester (an agent, or its operator, or a human) and the assigned worker. */
export type TaskSide = 'requester' | 'worker';

/** The caller's side of a task, if any: the requester, the operator owning the requesting agent, the worker. */
export function sideOf(task: Pick<Task, 'requesterId' | 'workerId'>, requesterOwnerId: string | null, userId: string) {
  if (task.requesterId === userId || (requesterOwnerId !== null && requesterOwnerId === userId)) return 'requester';
  if (task.workerId === userId) return 'worker';
  return null;
}
