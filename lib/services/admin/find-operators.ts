import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';

export type Operator = { id: string; name: string | null; email: string | null };

const operator = alias(users, 'operator');

/** The operator behind each agent among `userIds`, keyed by the agent's id; people and unknown ids are absent. */
export async function findOperators(db: Executor, userIds: readonly string[]): Promise<Map<string, Operator>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ agentId: users.id, id: operator.id, name: operator.name, email: operator.email })
    .from(users)
    .innerJoin(operator, eq(operator.id, users.ownerId))
    .where(and(inArray(users.id, ids), eq(users.type, 'agent')));
  return new Map(rows.map(({ agentId, ...row }) => [agentId, row]));
}
