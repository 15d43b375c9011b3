import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { webhookDeliveries, webhookEndpoints } from '@/db/schema';
import { type Resolver, systemResolver } from '@/lib/webhooks/url-guard';
import { checkedWebhookUrl } from './checked-webhook-url';
import { findOwnEndpoint } from './find-own-endpoint';
import { toWebhookEndpoint } from './to-webhook-endpoint';

export type UpdateWebhookInput = {
  url?: string;
  events?: string[];
  description?: string | null;
  enabled?: boolean;
};

export type UpdateWebhookEndpointOptions = {
  ownerId: string;
  endpointId: string;
  input: UpdateWebhookInput;
  resolve?: Resolver;
};

const DISABLED_BY_OWNER = 'Disabled by its owner';

// Disabling settles pending deliveries as failed (the dispatcher would settle them unsent anyway).
export async function updateWebhookEndpoint(
  db: Db,
  { ownerId, endpointId, input, resolve = systemResolver }: UpdateWebhookEndpointOptions,
) {
  const url = input.url === undefined ? undefined : (await checkedWebhookUrl(input.url, resolve)).href;
  return db.transaction(async (tx) => {
    const endpoint = await findOwnEndpoint(tx, { ownerId, endpointId, forUpdate: true });
    const disable = input.enabled === false && endpoint.disabledAt === null;
    const enable = input.enabled === true && endpoint.disabledAt !== null;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(disable ? { disabledAt: new Date(), disabledReason: DISABLED_BY_OWNER } : {}),
        ...(enable ? { disabledAt: null, disabledReason: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, endpointId))
      .returning();
    if (!row) throw new Error('webhook endpoint update returned no row');
    if (disable) {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'failed', nextAttemptAt: null })
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
    }
    return toWebhookEndpoint(row);
  });
}
