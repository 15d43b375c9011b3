import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { tasks } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { CreationKey } from './insert-draft-task';

// An earlier attempt's task, locked: a retry after a crash takes up its draft instead of inserting a second one.
export async function earlierTask(tx: Tx, requesterId: string, creation: CreationKey | undefined) {
  if (!creation) return undefined;
  const [task] = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.requesterId, requesterId), eq(tasks.creationKey, creation.key)))
    .for('update');
  if (!task) return undefined;
  // The idempotency step refuses a new body under a stored key; after a crash the key's record is taken over,
  // so the draft compares it.
  if (task.creationRequestHash !== creation.requestHash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
  return task;
}
