import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { events, webhookDeliveries } from '@/db/schema';
import { eventBody } from '@/lib/webhooks/dispatcher';
import { findOwnEndpoint } from './find-own-endpoint';

export type ListDeliveryPayloadsOptions = { ownerId: string; endpointId: string; deliveryIds: string[] };

export async function listDeliveryPayloads(
  db: Executor,
  { ownerId, endpointId, deliveryIds }: ListDeliveryPayloadsOptions,
) {
  await findOwnEndpoint(db, { ownerId, endpointId });
  if (deliveryIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ deliveryId: webhookDeliveries.id, event: events })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.endpointId, endpointId), inArray(webhookDeliveries.id, deliveryIds)));
  return new Map(
    rows.map(({ deliveryId, event }) => {
      const body = eventBody({ ...event, createdAt: event.createdAt.toISOString() });
      return [deliveryId, JSON.stringify(JSON.parse(body), null, 2)];
    }),
  );
}
