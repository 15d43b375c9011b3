import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, users } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';
import { inAccount } from '@/lib/services/users/in-account';
import { assertAdmin } from './assert-admin';

export type SetKeyRateLimitCeilingOptions = { admin: ActorUser; operatorId: string; ceiling: number | null };

/**
 * An admin sets (or, with null, resets) an operator's key rate-limit ceiling. Keys already above it are lowered
 * in the same transaction, so a lowered ceiling bounds every key at once, not only the next ones.
 */
export async function setKeyRateLimitCeiling(db: Db, { admin, operatorId, ceiling }: SetKeyRateLimitCeilingOptions) {
  assertAdmin(admin, 'change key rate-limit ceilings');
  return db.transaction(async (tx) => {
    const [operator] = await tx
      .update(users)
      .set({ keyRateLimitCeiling: ceiling })
      .where(and(eq(users.id, operatorId), eq(users.type, 'human')))
      .returning({ id: users.id });
    if (!operator) throw new ApiError('NOT_FOUND', { message: 'No such operator' });
    const effective = ceiling ?? env().KEY_RATE_LIMIT_CEILING;
    const lowered = await tx
      .update(apiKeys)
      .set({ rateLimitPerMinute: effective })
      .where(
        and(
          gt(apiKeys.rateLimitPerMinute, effective),
          inArray(apiKeys.userId, tx.select({ id: users.id }).from(users).where(inAccount(operator.id))),
        ),
      )
      .returning({ id: apiKeys.id });
    return {
      id: operator.id,
      keyRateLimitCeiling: effective,
      isDefault: ceiling === null,
      keysLowered: lowered.length,
    };
  });
}
