import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '@/db/schema';

const uuid = z.uuid();

export type OwnedAgentOptions = { operatorId: string; agentId: string };

// A malformed id (the dashboard passes ids from URLs) matches nothing instead of failing the uuid cast.
export const ownedAgent = ({ operatorId, agentId }: OwnedAgentOptions) =>
  uuid.safeParse(agentId).success
    ? and(eq(users.id, agentId), eq(users.ownerId, operatorId), eq(users.type, 'agent'), isNull(users.deletedAt))
    : sql`false`;
