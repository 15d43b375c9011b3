import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';

const uuid = z.uuid();

/**
 * SQL for "this operator's agent, not deleted": the ownership check of every {agentId} operation. A
 * malformed id (the dashboard passes ids from URLs) matches nothing instead of failing the uuid cast.
 */
export const ownedAgent = (operatorId: string, agentId: string) =>
  uuid.safeParse(agentId).success
    ? and(eq(users.id, agentId), eq(users.ownerId, operatorId), eq(users.type, 'agent'), isNull(users.deletedAt))
    : sql`false`;

/** Someone else's agent, a deleted one and a user who is no agent are all simply not found. */
export const agentNotFound = () =>
  new ApiError('NOT_FOUND', {
    message: 'No such agent',
    hint: 'Check the id with GET /v1/operators/me/agents; deleted agents and other operators’ agents are not found.',
  });

export const agentColumns = {
  id: users.id,
  name: users.name,
  spendingLimitCents: users.spendingLimitCents,
};

/**
 * The operator's agent, or NOT_FOUND. `lock` holds its row until the transaction ends, so concurrent
 * key rotations (and a concurrent delete) run one after the other.
 */
export async function findOwnedAgent(db: DbOrTx, operatorId: string, agentId: string, { lock = false } = {}) {
  const query = db.select(agentColumns).from(users).where(ownedAgent(operatorId, agentId));
  const [agent] = await (lock ? query.for('update') : query);
  if (!agent) throw agentNotFound();
  return agent;
}
