import type { Db } from '@/db/client';
import { findOwnEndpoint } from './find-own-endpoint';
import { toWebhookEndpoint } from './to-webhook-endpoint';

export type GetWebhookEndpointOptions = { ownerId: string; endpointId: string };

export async function getWebhookEndpoint(db: Db, { ownerId, endpointId }: GetWebhookEndpointOptions) {
  return toWebhookEndpoint(await findOwnEndpoint(db, { ownerId, endpointId }));
}
