import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { apiKeys, users } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import type { ActorUser } from '@/lib/auth/actor';
import { activeKey } from './api-keys';

/** The caller's operator profile; for an agent, its owner's. A placeholder agent without one: 404. */
export async function getOperator(db: DbOrTx, caller: ActorUser) {
  const operatorId = caller.type === 'agent' ? caller.ownerId : caller.id;
  if (!operatorId) {
    throw new ApiError('NOT_FOUND', {
      message: 'This agent has no operator yet',
      hint: 'A human claims the agent first (the claim link from task proposal, or a dashboard claim code).',
    });
  }
  // One round trip: the operator and the count of its active keys.
  const activeKeyCount = db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, users.id), activeKey()));
  const [operator] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      type: users.type,
      createdAt: users.createdAt,
      activeKeyCount: sql<number>`(${activeKeyCount})`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, operatorId));
  if (!operator?.email) throw new ApiError('NOT_FOUND', { message: 'No such operator' });
  return {
    id: operator.id,
    name: operator.name,
    email: operator.email,
    userType: operator.type,
    createdAt: operator.createdAt.toISOString(),
    activeKeyCount: operator.activeKeyCount,
  };
}
