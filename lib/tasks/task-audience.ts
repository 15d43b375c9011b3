import type { Task } from '@/db/schema';

/** Everyone who hears about a task: its requester, the operator owning it (for agents) and its worker. */
export function taskAudience(task: Pick<Task, 'requesterId' | 'workerId'>, requesterOwnerId: string | null) {
  return [task.requesterId, requesterOwnerId, task.workerId];
}
