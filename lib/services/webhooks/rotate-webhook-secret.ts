import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { webhookEndpoints } from '@/db/schema';
import { seal } from '@/lib/auth/secret-box';
import { generateWebhookSecret, SECRET_PURPOSE } from '@/lib/webhooks/signing';
import { findOwnEndpoint } from './find-own-endpoint';
import { toWebhookEndpoint } from './to-webhook-endpoint';

/** How long the replaced secret keeps signing next to the new one. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

export type RotateWebhookSecretOptions = { ownerId: string; endpointId: string };

export async function rotateWebhookSecret(db: Db, { ownerId, endpointId }: RotateWebhookSecretOptions) {
  return db.transaction(async (tx) => {
    const endpoint = await findOwnEndpoint(tx, { ownerId, endpointId, forUpdate: true });
    const secret = generateWebhookSecret();
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        secret: seal(SECRET_PURPOSE, secret),
        previousSecret: endpoint.secret,
        previousSecretExpiresAt: new Date(Date.now() + SECRET_OVERLAP_MS),
      })
      .where(eq(webhookEndpoints.id, endpointId))
      .returning();
    if (!row) throw new Error('webhook endpoint update returned no row');
    return { ...toWebhookEndpoint(row), secret };
  });
}
