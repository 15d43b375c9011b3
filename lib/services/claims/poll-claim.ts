import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, taskClaims, users } from '@/db/schema';
import { CLAIMED_KEY_PURPOSE } from '@/lib/auth/claim-tokens';
import { unseal } from '@/lib/auth/secret-box';
import { sha256Hex } from '@/lib/auth/tokens';
import { ApiError } from '@/lib/errors/api-error';

// Exactly one poll takes the sealed key: the conditional update that erases it succeeds once, however many race.
export async function pollClaim(db: Db, claimToken: string) {
  const [claim] = await db
    .select({ claim: taskClaims, agentName: users.name })
    .from(taskClaims)
    .innerJoin(users, eq(users.id, taskClaims.agentId))
    .where(eq(taskClaims.claimTokenHash, sha256Hex(claimToken)));
  if (!claim) throw new ApiError('CLAIM_NOT_FOUND');
  const { claim: row } = claim;
  if (row.kind !== 'agent' || !row.agentId) throw new ApiError('CLAIM_NOT_FOUND');
  if (!row.claimedAt) {
    return { status: row.expiresAt > new Date() ? ('pending' as const) : ('expired' as const), taskId: row.taskId };
  }
  const claimed = {
    status: 'claimed' as const,
    agent: { id: row.agentId, name: claim.agentName ?? '' },
    taskId: row.taskId,
  };
  const [taken] = await db
    .update(taskClaims)
    .set({ sealedKey: null, keyDeliveredAt: sql`now()` })
    .where(and(eq(taskClaims.id, row.id), isNull(taskClaims.keyDeliveredAt), isNotNull(taskClaims.sealedKey)))
    .returning({ sealedKey: taskClaims.sealedKey, apiKeyId: taskClaims.apiKeyId });
  if (!taken?.apiKeyId) return { ...claimed, apiKeyDelivered: true };
  // The update erased the sealed key; the row selected above still holds it.
  const [key] = await db.select({ keyPrefix: apiKeys.keyPrefix }).from(apiKeys).where(eq(apiKeys.id, taken.apiKeyId));
  if (!row.sealedKey || !key) throw new Error('claimed key missing');
  return {
    ...claimed,
    apiKey: { id: taken.apiKeyId, key: unseal(CLAIMED_KEY_PURPOSE, row.sealedKey), keyPrefix: key.keyPrefix },
    apiKeyDelivered: true,
  };
}
