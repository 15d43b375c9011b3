export function taskLink(side: 'requester' | 'worker', taskId: string): string {
  return side === 'requester' ? `/dashboard/tasks/${taskId}` : `/worker/tasks/${taskId}`;
}
