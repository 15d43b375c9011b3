import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { events, webhookDeliveries } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { EVENTS_CHANNEL, newEventId } from '@/lib/events/emit-event';
import { findDelivery } from './find-delivery';
import { findOwnEndpoint } from './find-own-endpoint';

export type SendTestWebhookOptions = { ownerId: string; endpointId: string };

// Not through `emitEvent`, whose fan-out would offer it to the owner's other endpoints too.
export async function sendTestWebhook(db: Db, { ownerId, endpointId }: SendTestWebhookOptions) {
  return db.transaction(async (tx) => {
    const endpoint = await findOwnEndpoint(tx, { ownerId, endpointId });
    if (endpoint.disabledAt) {
      throw new ApiError('CONFLICT', {
        message: 'This webhook endpoint is disabled',
        hint: 'Re-enable it first: PATCH /v1/webhooks/{id} with {"enabled": true}.',
      });
    }
    const eventId = newEventId();
    await tx.insert(events).values({
      id: eventId,
      type: 'webhook.test',
      data: { endpointId, message: 'A test event sent from Legwork. No action is needed.' },
      audience: [ownerId],
      livemode: endpoint.livemode,
    });
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId, eventId, nextAttemptAt: sql`now()` })
      .returning({ id: webhookDeliveries.id });
    if (!delivery) throw new Error('test delivery insert returned no row');
    await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${delivery.id})`);
    const view = await findDelivery(tx, { endpointId, deliveryId: delivery.id });
    if (!view) throw new Error('test delivery vanished');
    return view;
  });
}
