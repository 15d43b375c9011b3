import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';

// Deleted ones included: their tasks stay on the dashboard.
export async function listAgentNames(db: Executor, operatorId: string): Promise<Map<string, string>> {
  const agents = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.ownerId, operatorId));
  return new Map(agents.map((agent) => [agent.id, agent.name ?? 'an agent']));
}
