import type { Executor } from '@/db/client';
import { users } from '@/db/schema';
import { agentColumns } from './agent-columns';
import { agentNotFound } from './agent-not-found';
import { ownedAgent } from './owned-agent';

export type UpdateAgentInput = { name?: string; spendingLimitCents?: number | null };

export type UpdateAgentOptions = { operatorId: string; agentId: string; input: UpdateAgentInput };

export async function updateAgent(db: Executor, { operatorId, agentId, input }: UpdateAgentOptions) {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.spendingLimitCents !== undefined) changes.spendingLimitCents = input.spendingLimitCents;
  const where = ownedAgent({ operatorId, agentId });
  const [agent] =
    Object.keys(changes).length === 0
      ? await db.select(agentColumns).from(users).where(where)
      : await db.update(users).set(changes).where(where).returning(agentColumns);
  if (!agent) throw agentNotFound();
  return { id: agent.id, name: agent.name ?? '', spendingLimitCents: agent.spendingLimitCents };
}
