import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { findOwnEndpoint } from './find-own-endpoint';

export type DeleteWebhookEndpointOptions = { ownerId: string; endpointId: string };

// Soft delete keeps the delivery log; pending deliveries are settled so no dispatcher sends anything more.
export async function deleteWebhookEndpoint(db: Db, { ownerId, endpointId }: DeleteWebhookEndpointOptions) {
  return db.transaction(async (tx) => {
    await findOwnEndpoint(tx, { ownerId, endpointId, forUpdate: true });
    await tx
      .update(webhookEndpoints)
      .set({ deletedAt: new Date() })
      .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.deletedAt)));
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null })
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
    return { id: endpointId, deleted: true };
  });
}
