import type { Executor } from '@/db/client';
import { users } from '@/db/schema';
import { agentColumns } from './agent-columns';
import { agentNotFound } from './agent-not-found';
import { ownedAgent } from './owned-agent';

export type FindOwnedAgentOptions = { operatorId: string; agentId: string; lock?: boolean };

// `lock` holds its row so concurrent key rotations (and a concurrent delete) run one after the other.
export async function findOwnedAgent(db: Executor, { operatorId, agentId, lock = false }: FindOwnedAgentOptions) {
  const query = db.select(agentColumns).from(users).where(ownedAgent({ operatorId, agentId }));
  const [agent] = await (lock ? query.for('update') : query);
  if (!agent) throw agentNotFound();
  return agent;
}
