import { desc } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { taskMessages } from '@/db/schema';
import { inThread } from './in-thread';
import type { ThreadScope } from './load-thread';
import { messageCursorAt } from './message-cursor-at';
import type { MessageKey } from './message-key';

export async function newestKey(db: Executor, scope: ThreadScope): Promise<MessageKey | undefined> {
  const [row] = await db
    .select({ id: taskMessages.id, cursorAt: messageCursorAt })
    .from(taskMessages)
    .where(inThread(scope))
    .orderBy(desc(taskMessages.createdAt), desc(taskMessages.id))
    .limit(1);
  return row;
}
