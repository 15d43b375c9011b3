/** The page a side follows a task on: the requester's (and its operator's) dashboard, or the worker's. */
export function taskLink(side: 'requester' | 'worker', taskId: string): string {
  return side === 'requester' ? `/dashboard/tasks/${taskId}` : `/worker/tasks/${taskId}`;
}
