import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { agentClaimCodes, users } from '@/db/schema';
import { normalizeClaimCode } from '@/lib/auth/claim-code-format';
import { ApiError } from '@/lib/errors/api-error';

export type GetClaimCodeStatusOptions = {
  ownerId: string;
  code: string;
};

// Someone else's code is simply not found.
export async function getClaimCodeStatus(db: Executor, { ownerId, code }: GetClaimCodeStatusOptions) {
  const [row] = await db
    .select({ code: agentClaimCodes, agent: { id: users.id, name: users.name } })
    .from(agentClaimCodes)
    .leftJoin(users, eq(users.id, agentClaimCodes.agentId))
    .where(and(eq(agentClaimCodes.code, normalizeClaimCode(code)), eq(agentClaimCodes.ownerId, ownerId)));
  if (!row) throw new ApiError('NOT_FOUND', { message: 'No such claim code' });
  if (row.code.claimedAt) {
    return {
      status: 'claimed' as const,
      ...(row.agent ? { agent: { id: row.agent.id, name: row.agent.name ?? '' } } : {}),
    };
  }
  return { status: row.code.expiresAt > new Date() ? ('waiting' as const) : ('expired' as const) };
}
