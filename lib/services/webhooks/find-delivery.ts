import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { webhookDeliveries } from '@/db/schema';
import { loadDeliveries } from './load-deliveries';

export type FindDeliveryOptions = { endpointId: string; deliveryId: string };

export async function findDelivery(db: Executor, { endpointId, deliveryId }: FindDeliveryOptions) {
  const [row] = await loadDeliveries(
    db,
    and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, deliveryId)),
    1,
  );
  return row?.item;
}
