import type { Db } from '@/db/client';
import { users } from '@/db/schema';
import { issueApiKey } from '@/lib/services/operators/issue-api-key';
import { assertEmailVerified } from '@/lib/services/users/assert-email-verified';
import { agentKeyName } from './agent-key-name';

export type CreateAgentInput = { name: string; spendingLimitCents?: number | null };

// Agent and first key both or neither, and neither until the operator's email is verified.
export async function createAgent(db: Db, operatorId: string, input: CreateAgentInput) {
  return db.transaction(async (tx) => {
    await assertEmailVerified(tx, operatorId);
    const [agent] = await tx
      .insert(users)
      .values({
        type: 'agent',
        ownerId: operatorId,
        name: input.name,
        email: null,
        spendingLimitCents: input.spendingLimitCents ?? null,
      })
      .returning({ id: users.id, createdAt: users.createdAt });
    if (!agent) throw new Error('agent insert returned no row');
    const key = await issueApiKey(tx, { operatorId, userId: agent.id }, { name: agentKeyName(input.name) });
    return {
      agent: { id: agent.id, name: input.name, createdAt: agent.createdAt.toISOString() },
      apiKey: { id: key.id, key: key.key, keyPrefix: key.keyPrefix },
    };
  });
}
