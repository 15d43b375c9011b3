import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { tasks, users } from '@/db/schema';

export async function loadPlatformTask(db: Executor, taskId: string, forUpdate = false) {
  const query = db
    .select({ task: tasks, requesterOwnerId: users.ownerId })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.requesterId))
    .where(eq(tasks.id, taskId));
  const [row] = forUpdate ? await query.for('update', { of: tasks }) : await query;
  return row;
}
