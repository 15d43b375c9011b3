import type { WebhookEndpoint } from '@/db/schema';

/** Never its secret (shown only by create and rotate). */
export function toWebhookEndpoint(row: WebhookEndpoint) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    livemode: row.livemode,
    isActive: row.disabledAt === null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date()
        ? row.previousSecretExpiresAt.toISOString()
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}
