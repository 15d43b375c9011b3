import type { Tx } from '@/db/client';
import type { NotificationKind, Task, TaskStatus } from '@/db/schema';
import { resolveNotifications } from './resolve-notifications';

export type ResolveTaskNotificationsOptions = {
  task: Pick<Task, 'id' | 'requesterId'>;
  /** The status the task just left, and its worker then. */
  previous: Pick<Task, 'status' | 'workerId'>;
  requesterOwnerId: string | null;
};

type Asker = { kind: NotificationKind; side: 'requester' | 'worker' | 'anyone' };

// What a notification asks of its reader can only be done while the task is in one status: review the proof while
// it is submitted, send the revision (or do a booking) while accepted, take the task while posted, argue while
// disputed. Leaving that status, by whoever's action, is what makes it done.
const ASKED_WHILE: Partial<Record<TaskStatus, Asker[]>> = {
  posted: [
    { kind: 'new_task_nearby', side: 'anyone' },
    { kind: 'task_offer', side: 'requester' },
  ],
  accepted: [
    { kind: 'revision_requested', side: 'worker' },
    { kind: 'task_accepted', side: 'worker' },
  ],
  submitted: [{ kind: 'task_submitted', side: 'requester' }],
  disputed: [{ kind: 'dispute_opened', side: 'anyone' }],
};

/** In the transition's transaction, so a notification is done exactly when its action commits. */
export async function resolveTaskNotifications(
  tx: Tx,
  { task, previous, requesterOwnerId }: ResolveTaskNotificationsOptions,
) {
  const people = {
    requester: [task.requesterId, requesterOwnerId].filter((id): id is string => id !== null),
    worker: previous.workerId ? [previous.workerId] : [],
  };
  const askers = ASKED_WHILE[previous.status] ?? [];
  for (const side of ['requester', 'worker', 'anyone'] as const) {
    const kinds = askers.filter((asker) => asker.side === side).map((asker) => asker.kind);
    await resolveNotifications(tx, { taskId: task.id, kinds, userIds: side === 'anyone' ? undefined : people[side] });
  }
}
