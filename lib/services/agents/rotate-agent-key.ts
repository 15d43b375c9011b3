import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { issueApiKey } from '@/lib/services/operators/issue-api-key';
import { agentKeyName } from './agent-key-name';
import { findOwnedAgent } from './find-owned-agent';

export type RotateAgentKeyOptions = { operatorId: string; agentId: string };

/** No grace period: every old key is revoked at once. */
export async function rotateAgentKey(db: Db, { operatorId, agentId }: RotateAgentKeyOptions) {
  return db.transaction(async (tx) => {
    // Locked: a second rotation waits and then revokes this one's key, so exactly one key survives.
    const agent = await findOwnedAgent(tx, { operatorId, agentId, lock: true });
    await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.userId, agent.id), isNull(apiKeys.revokedAt)));
    const key = await issueApiKey(tx, { operatorId, userId: agent.id }, { name: agentKeyName(agent.name) });
    return { id: key.id, key: key.key, keyPrefix: key.keyPrefix };
  });
}
