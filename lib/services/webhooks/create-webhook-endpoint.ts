import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { webhookEndpoints } from '@/db/schema';
import { seal } from '@/lib/auth/secret-box';
import { ApiError } from '@/lib/errors/api-error';
import { assertEmailVerified } from '@/lib/services/users/assert-email-verified';
import { generateWebhookSecret, SECRET_PURPOSE } from '@/lib/webhooks/signing';
import { type Resolver, systemResolver } from '@/lib/webhooks/url-guard';
import { checkedWebhookUrl } from './checked-webhook-url';
import { toWebhookEndpoint } from './to-webhook-endpoint';

export const MAX_ENDPOINTS_PER_USER = 20;

export type CreateWebhookInput = { url: string; events?: string[]; description?: string };

export type CreateWebhookEndpointOptions = {
  ownerId: string;
  livemode: boolean;
  input: CreateWebhookInput;
  resolve?: Resolver;
};

// The secret is returned this once.
export async function createWebhookEndpoint(
  db: Db,
  { ownerId, livemode, input, resolve = systemResolver }: CreateWebhookEndpointOptions,
) {
  await assertEmailVerified(db, ownerId);
  const url = await checkedWebhookUrl(input.url, resolve);
  const [existing] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.ownerId, ownerId), isNull(webhookEndpoints.deletedAt)));
  if ((existing?.n ?? 0) >= MAX_ENDPOINTS_PER_USER) {
    throw new ApiError('CONFLICT', {
      message: `At most ${MAX_ENDPOINTS_PER_USER} webhook endpoints per account`,
      hint: 'Delete an endpoint you no longer use (DELETE /v1/webhooks/{id}), then register again.',
    });
  }
  const secret = generateWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      ownerId,
      url: url.href,
      description: input.description ?? null,
      events: [...new Set(input.events ?? [])],
      secret: seal(SECRET_PURPOSE, secret),
      livemode,
    })
    .returning();
  if (!row) throw new Error('webhook endpoint insert returned no row');
  return { ...toWebhookEndpoint(row), secret };
}
