import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { agentClaimCodes, users } from '@/db/schema';
import { normalizeClaimCode } from '@/lib/auth/claim-code-format';
import { ApiError } from '@/lib/errors/api-error';
import { issueApiKey } from '@/lib/services/operators/issue-api-key';
import { assertEmailVerified } from '@/lib/services/users/assert-email-verified';

/**
 * The conditional update is the single-use guarantee. An unknown, expired or used code runs the same statements
 * (insert, empty update, rollback), so an anonymous caller cannot tell them apart by body or timing. A refusal for
 * an unverified operator email rolls it all back, so the code stays unused.
 */
export async function registerAgent(db: Db, input: { code: string; name: string }, siteUrl: string) {
  const code = normalizeClaimCode(input.code);
  return db.transaction(async (tx) => {
    const [agent] = await tx
      .insert(users)
      .values({ type: 'agent', name: input.name })
      .returning({ id: users.id, name: users.name });
    if (!agent) throw new Error('agent insert returned no row');
    const [claimed] = await tx
      .update(agentClaimCodes)
      .set({ claimedAt: sql`now()`, agentId: agent.id })
      .where(
        and(
          eq(agentClaimCodes.code, code),
          isNull(agentClaimCodes.claimedAt),
          gt(agentClaimCodes.expiresAt, sql`now()`),
        ),
      )
      .returning({ ownerId: agentClaimCodes.ownerId });
    if (!claimed) throw new ApiError('CLAIM_CODE_NOT_FOUND');
    await assertEmailVerified(tx, claimed.ownerId, { viaClaimCode: true });
    await tx.update(users).set({ ownerId: claimed.ownerId }).where(eq(users.id, agent.id));
    const key = await issueApiKey(tx, { operatorId: claimed.ownerId, userId: agent.id }, { name: `${input.name} key` });
    return {
      agent: { id: agent.id, name: agent.name ?? input.name },
      apiKey: { key: key.key, keyPrefix: key.keyPrefix },
      claimUrl: `${siteUrl}/dashboard/agents`,
    };
  });
}
