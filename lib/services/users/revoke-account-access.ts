import { and, eq, gt, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { agentClaimCodes, apiKeys, taskClaims, users, webhookEndpoints } from '@/db/schema';
import { revokeUserSessions } from '../sessions/revoke-user-sessions';
import { inAccount } from './in-account';

export type RevokedAccess = { sessions: number; apiKeys: number; claimCodes: number; webhookEndpoints: number };

export type RevokeAccountAccessOptions = {
  /** Kept signed in: the one that verified the address. */
  exceptSessionId?: string;
  /** Keep the keys of agents this user claimed on the claim page (the cold start): its card proved intent. */
  keepClaimedAgentKeys?: boolean;
  /** `webhook_endpoints.disabled_reason`, shown to the owner. */
  reason: string;
};

// Counts only what was still usable: an expired code or key counts for nothing.
export async function revokeAccountAccess(
  tx: Tx,
  userId: string,
  { exceptSessionId, keepClaimedAgentKeys = false, reason }: RevokeAccountAccessOptions,
): Promise<RevokedAccess> {
  const account = tx.select({ id: users.id }).from(users).where(inAccount(userId));
  const claimedAgents = tx
    .select({ id: taskClaims.agentId })
    .from(taskClaims)
    .where(and(eq(taskClaims.claimedBy, userId), eq(taskClaims.kind, 'agent')));
  const sessions = await revokeUserSessions(tx, userId, { except: exceptSessionId });
  const keys = await tx
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        inArray(apiKeys.userId, account),
        keepClaimedAgentKeys ? notInArray(apiKeys.userId, claimedAgents) : undefined,
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
      ),
    )
    .returning({ id: apiKeys.id });
  const codes = await tx
    .delete(agentClaimCodes)
    .where(and(eq(agentClaimCodes.ownerId, userId), isNull(agentClaimCodes.claimedAt)))
    .returning({ expiresAt: agentClaimCodes.expiresAt });
  const endpoints = await tx
    .update(webhookEndpoints)
    .set({ disabledAt: sql`now()`, disabledReason: reason, updatedAt: sql`now()` })
    .where(
      and(
        inArray(webhookEndpoints.ownerId, account),
        isNull(webhookEndpoints.disabledAt),
        isNull(webhookEndpoints.deletedAt),
      ),
    )
    .returning({ id: webhookEndpoints.id });
  const now = Date.now();
  return {
    sessions,
    apiKeys: keys.length,
    claimCodes: codes.filter((code) => code.expiresAt.getTime() > now).length,
    webhookEndpoints: endpoints.length,
  };
}
