import { eq, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { agentWaits, taskClaims } from '@/db/schema';
import { sha256Hex } from '@/lib/auth/tokens';
import { ApiError } from '@/lib/errors/api-error';

/** Who may read a wait: the API key that created it, or the cold-start claim it waits on. */
export type WaitOwner = { apiKeyId: string; userId: string } | { claimToken: string };

export type ClaimOwner = { claimId: string; userId: string; taskId: string };

/** The agent claim behind a claim token (the placeholder agent is whose view the wait reads). */
export async function claimOwner(db: Executor, claimToken: string): Promise<ClaimOwner> {
  const [claim] = await db
    .select({ claimId: taskClaims.id, userId: taskClaims.agentId, taskId: taskClaims.taskId, kind: taskClaims.kind })
    .from(taskClaims)
    .where(eq(taskClaims.claimTokenHash, sha256Hex(claimToken)));
  if (claim?.kind !== 'agent' || !claim.userId) throw new ApiError('CLAIM_NOT_FOUND');
  return { claimId: claim.claimId, userId: claim.userId, taskId: claim.taskId };
}

/** The row condition that makes a wait visible to its owner only. */
export async function ownedBy(db: Executor, owner: WaitOwner): Promise<SQL> {
  if ('apiKeyId' in owner) return eq(agentWaits.apiKeyId, owner.apiKeyId);
  const { claimId } = await claimOwner(db, owner.claimToken);
  return eq(agentWaits.claimId, claimId);
}

export function waitNotFound() {
  return new ApiError('NOT_FOUND', {
    message: 'Wait not found',
    hint: 'A wait is readable only with the key (or claim token) that created it, and only until its `expiresAt`.',
  });
}
