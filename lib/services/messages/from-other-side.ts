import { inArray, notInArray, type SQL } from 'drizzle-orm';
import { taskMessages } from '@/db/schema';
import type { Thread } from './load-thread';

export function fromOtherSide(thread: Pick<Thread, 'side' | 'requesterIds'>): SQL {
  return thread.side === 'requester'
    ? notInArray(taskMessages.senderId, thread.requesterIds)
    : inArray(taskMessages.senderId, thread.requesterIds);
}
