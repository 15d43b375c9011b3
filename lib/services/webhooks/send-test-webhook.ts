import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { events, webhookDeliveries } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import { emitEvent } from '@/lib/events/emit-event';
import { findOwnEndpoint } from './find-own-endpoint';
import { findDelivery } from './list-webhook-deliveries';

/**
 * Emits a `webhook.test` event for this endpoint only: the event is stamped dispatched and its one delivery
 * queued in the same transaction, so the fan-out never offers it to the owner's other endpoints.
 */
export async function sendTestWebhook(db: Db, ownerId: string, endpointId: string) {
  return db.transaction(async (tx) => {
    const endpoint = await findOwnEndpoint(tx, ownerId, endpointId);
    if (endpoint.disabledAt) {
      throw new ApiError('CONFLICT', {
        message: 'This webhook endpoint is disabled',
        hint: 'It was disabled because the receiver answered 410 Gone. Register the URL again to receive deliveries.',
      });
    }
    const event = await emitEvent(tx, {
      type: 'webhook.test',
      data: { endpointId, message: 'A test event sent from Legwork. No action is needed.' },
      audience: [ownerId],
      livemode: endpoint.livemode,
    });
    await tx.update(events).set({ dispatchedAt: sql`now()` }).where(eq(events.id, event.id));
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId, eventId: event.id, nextAttemptAt: sql`now()` })
      .returning({ id: webhookDeliveries.id });
    if (!delivery) throw new Error('test delivery insert returned no row');
    const view = await findDelivery(tx, endpointId, delivery.id);
    if (!view) throw new Error('test delivery vanished');
    return view;
  });
}
