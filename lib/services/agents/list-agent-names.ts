import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';

/**
 * The names of the operator's agents by id, deleted ones included: their tasks stay on the dashboard. An agent
 * without a name is "an agent".
 */
export async function listAgentNames(db: Executor, operatorId: string): Promise<Map<string, string>> {
  const agents = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.ownerId, operatorId));
  return new Map(agents.map((agent) => [agent.id, agent.name ?? 'an agent']));
}
