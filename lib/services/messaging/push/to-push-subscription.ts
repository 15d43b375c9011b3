import type { PushSubscriptionRow } from '@/db/schema';

/** The API's view: the keys stay on the server. */
export const toPushSubscription = (row: Pick<PushSubscriptionRow, 'id' | 'endpoint' | 'createdAt'>) => ({
  id: row.id,
  endpoint: row.endpoint,
  createdAt: row.createdAt.toISOString(),
});
