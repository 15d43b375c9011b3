import type { Tx } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { type ApiKeyMode, generateApiKey } from '@/lib/auth/api-key-format';
import { SCOPES } from '@/lib/auth/scopes';
import { defaultKeyMode } from '@/lib/payments/get-processor';
import { keyRateLimit } from './key-rate-limit';
import { reserveKeySlot } from './reserve-key-slot';
import { toApiKeyResource } from './to-api-key-resource';

export type CreateApiKeyInput = {
  name: string;
  scopes?: string[];
  rateLimitPerMinute?: number;
  expiresAt?: string;
  mode?: ApiKeyMode;
};

// In the caller's transaction. Without a `mode` the key is `live` only where real money can move.
export async function issueApiKey(tx: Tx, owner: { operatorId: string; userId: string }, input: CreateApiKeyInput) {
  const { rateLimitCeiling } = await reserveKeySlot(tx, owner.operatorId);
  const generated = generateApiKey(input.mode ?? defaultKeyMode());
  const [row] = await tx
    .insert(apiKeys)
    .values({
      userId: owner.userId,
      name: input.name,
      keyHash: generated.keyHash,
      keyPrefix: generated.keyPrefix,
      keySuffix: generated.keySuffix,
      mode: generated.mode,
      scopes: [...new Set(input.scopes ?? SCOPES)],
      rateLimitPerMinute: keyRateLimit({ requested: input.rateLimitPerMinute, ceiling: rateLimitCeiling }),
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    })
    .returning();
  if (!row) throw new Error('api key insert returned no row');
  return { ...toApiKeyResource(row), key: generated.key };
}
