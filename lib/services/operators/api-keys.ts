import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '@/db/client';
import { type ApiKey, apiKeys } from '@/db/schema';
import { type ApiKeyMode, generateApiKey } from '@/lib/auth/api-key-format';
import { SCOPES } from '@/lib/auth/scopes';
import { ApiError } from '@/lib/errors/api-error';
import { keyRateLimit, reserveKeySlot } from './key-allowance';

export type CreateApiKeyInput = {
  name: string;
  scopes?: string[];
  rateLimitPerMinute?: number;
  expiresAt?: string;
  mode?: ApiKeyMode;
};

/** SQL for "this key authenticates now": not revoked, not parked, not expired (on the database clock). */
export const activeKey = () =>
  and(
    isNull(apiKeys.revokedAt),
    eq(apiKeys.parked, false),
    or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
  );

/** The one serializer for keys: never the hash, and the key itself only where it was just created. */
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

/**
 * Issues a key to an operator or to one of its agents (`userId`), inside the caller's transaction: under the
 * operator's cap on live keys and with a limit no higher than its ceiling (lib/services/operators/key-allowance.ts).
 */
export async function issueApiKey(tx: Tx, owner: { operatorId: string; userId: string }, input: CreateApiKeyInput) {
  const { rateLimitCeiling } = await reserveKeySlot(tx, owner.operatorId);
  const generated = generateApiKey(input.mode ?? 'live');
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
      rateLimitPerMinute: keyRateLimit(input.rateLimitPerMinute, rateLimitCeiling),
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    })
    .returning();
  if (!row) throw new Error('api key insert returned no row');
  return { ...toApiKeyResource(row), key: generated.key };
}

/** An operator's own new key (POST /v1/operators/me/keys and the dashboard). */
export async function createApiKey(db: Db, operatorId: string, input: CreateApiKeyInput) {
  return db.transaction((tx) => issueApiKey(tx, { operatorId, userId: operatorId }, input));
}

export async function listApiKeys(db: DbOrTx, userId: string) {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
  const now = new Date();
  return rows.map((row) => toApiKeyResource(row, now));
}

/** Revokes one of the user's own keys; someone else's key is simply not found. */
export async function revokeApiKey(db: DbOrTx, userId: string, keyId: string) {
  const [key] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)));
  if (!key) throw new ApiError('NOT_FOUND', { message: 'No such API key' });
  await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
  return { id: key.id, revoked: true };
}
