import type { Tx } from '@/db/client';
import type { Task } from '@/db/schema';
import { emitEvent } from '@/lib/events/emit-event';
import type { DisputeEventType } from '@/lib/events/event-types';
import { taskAudience } from '@/lib/tasks/task-audience';
import type { DisputeResource } from './to-dispute-resource';

export type DisputedTask = {
  task: Pick<Task, 'id' | 'title' | 'requesterId' | 'workerId' | 'livemode'>;
  requesterOwnerId: string | null;
};

export function emitDisputeEvent(
  tx: Tx,
  type: DisputeEventType,
  { task, requesterOwnerId }: DisputedTask,
  dispute: DisputeResource,
  extra?: Record<string, unknown>,
) {
  return emitEvent(tx, {
    type,
    data: { dispute, ...extra, task: { id: task.id, title: task.title } },
    taskId: task.id,
    audience: taskAudience(task, requesterOwnerId),
    livemode: task.livemode,
  });
}
