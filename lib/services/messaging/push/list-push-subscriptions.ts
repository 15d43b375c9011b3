import { desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { pushSubscriptions } from '@/db/schema';
import { toPushSubscription } from './to-push-subscription';

/** At most 20 (create-push-subscription.ts), so one page. */
export async function listPushSubscriptions(db: Executor, userId: string) {
  const rows = await db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  return rows.map(toPushSubscription);
}
