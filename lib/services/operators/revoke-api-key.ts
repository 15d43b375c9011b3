import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';

export type RevokeApiKeyOptions = {
  userId: string;
  keyId: string;
};

/** Someone else's key is simply not found. */
export async function revokeApiKey(db: Executor, { userId, keyId }: RevokeApiKeyOptions) {
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
