import type { ApiKey } from '@/db/schema';

/** The one serializer: never the hash, and the key itself only where it was just created. */
export function toApiKeyResource(row: ApiKey, now = new Date()) {
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.keyPrefix,
    keySuffix: row.keySuffix,
    scopes: row.scopes,
    rateLimitPerMinute: row.rateLimitPerMinute,
    isActive: row.revokedAt === null && !row.parked && (row.expiresAt === null || row.expiresAt > now),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
