import type { TaskMessage } from '@/db/schema';

/** `senderSide` comes from who the sender is, so it survives a worker's withdrawal. */
export function toMessageResource(
  message: Pick<TaskMessage, 'id' | 'taskId' | 'senderId' | 'body' | 'createdAt'>,
  requesterIds: string[],
) {
  return {
    id: message.id,
    taskId: message.taskId,
    senderId: message.senderId,
    senderSide: requesterIds.includes(message.senderId) ? ('requester' as const) : ('worker' as const),
    body: message.body,
    createdAt: message.createdAt.toISOString(),
  };
}

export type MessageResource = ReturnType<typeof toMessageResource>;
