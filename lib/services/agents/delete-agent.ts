import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, users } from '@/db/schema';
import { agentNotFound } from './agent-not-found';
import { ownedAgent } from './owned-agent';

export type DeleteAgentOptions = { operatorId: string; agentId: string };

/** One transaction; its history stays. */
export async function deleteAgent(db: Db, { operatorId, agentId }: DeleteAgentOptions) {
  return db.transaction(async (tx) => {
    const [agent] = await tx
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(ownedAgent({ operatorId, agentId }))
      .returning({ id: users.id });
    if (!agent) throw agentNotFound();
    await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.userId, agent.id), isNull(apiKeys.revokedAt)));
    return { id: agent.id, deleted: true };
  });
}
