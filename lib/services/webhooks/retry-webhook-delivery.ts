import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { webhookDeliveries } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { EVENTS_CHANNEL } from '@/lib/events/emit-event';
import { findDelivery } from './find-delivery';
import { findOwnEndpoint } from './find-own-endpoint';

export type RetryWebhookDeliveryOptions = { ownerId: string; endpointId: string; deliveryId: string };

export async function retryWebhookDelivery(db: Db, { ownerId, endpointId, deliveryId }: RetryWebhookDeliveryOptions) {
  return db.transaction(async (tx) => {
    const endpoint = await findOwnEndpoint(tx, { ownerId, endpointId });
    if (endpoint.disabledAt) {
      throw new ApiError('CONFLICT', {
        message: 'This webhook endpoint is disabled',
        hint: 'Re-enable it first: PATCH /v1/webhooks/{id} with {"enabled": true}.',
      });
    }
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: sql`now()` })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
      .returning({ id: webhookDeliveries.id });
    if (!updated) throw new ApiError('NOT_FOUND', { message: 'Webhook delivery not found' });
    await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${deliveryId})`);
    const delivery = await findDelivery(tx, { endpointId, deliveryId });
    if (!delivery) throw new Error('retried delivery vanished');
    return delivery;
  });
}
