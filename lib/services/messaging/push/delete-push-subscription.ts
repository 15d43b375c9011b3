import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { pushSubscriptions } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';

// Ownership is in the WHERE clause: someone else's subscription is simply not found. Its unsent pushes cascade.
export async function deletePushSubscription(db: Executor, { userId, id }: { userId: string; id: string }) {
  const [row] = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (!row) throw new ApiError('NOT_FOUND', { message: 'Push subscription not found' });
  return { id: row.id, deleted: true as const };
}
