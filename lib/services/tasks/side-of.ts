import type { Task } from '@/db/schema';

export type TaskSide = 'requester' | 'worker';

export function sideOf(task: Pick<Task, 'requesterId' | 'workerId'>, requesterOwnerId: string | null, userId: string) {
  if (task.requesterId === userId || (requesterOwnerId !== null && requesterOwnerId === userId)) return 'requester';
  if (task.workerId === userId) return 'worker';
  return null;
}
