import type { Db } from '@/db/client';
import { findOwnEndpoint } from './find-own-endpoint';
import { toWebhookEndpoint } from './to-webhook-endpoint';

export async function getWebhookEndpoint(db: Db, ownerId: string, endpointId: string) {
  return toWebhookEndpoint(await findOwnEndpoint(db, ownerId, endpointId));
}
