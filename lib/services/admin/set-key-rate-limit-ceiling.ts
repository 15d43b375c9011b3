import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, users } from '@/db/schema';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';
import { inAccount } from '@/lib/services/users/in-account';
import type { AdminCaller } from './admin-caller';
import { assertAdmin } from './assert-admin';
import { recordAdminAction } from './record-admin-action';

export type SetKeyRateLimitCeilingOptions = { admin: AdminCaller; operatorId: string; ceiling: number | null };

// Keys already above it are lowered in the same transaction, so a lowered ceiling bounds every key at once.
export async function setKeyRateLimitCeiling(db: Db, { admin, operatorId, ceiling }: SetKeyRateLimitCeilingOptions) {
  assertAdmin(admin, 'change key rate-limit ceilings');
  return db.transaction(async (tx) => {
    const [operator] = await tx
      .select({ id: users.id, ceiling: users.keyRateLimitCeiling })
      .from(users)
      .where(and(eq(users.id, operatorId), eq(users.type, 'human')))
      .for('update');
    if (!operator) throw new ApiError('NOT_FOUND', { message: 'No such operator' });
    await tx.update(users).set({ keyRateLimitCeiling: ceiling }).where(eq(users.id, operator.id));
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
    await recordAdminAction(tx, admin, {
      action: 'operator.key_rate_limit_ceiling',
      target: { type: 'user', id: operator.id },
      before: { keyRateLimitCeiling: operator.ceiling },
      after: { keyRateLimitCeiling: ceiling, keysLowered: lowered.length },
    });
    return {
      id: operator.id,
      keyRateLimitCeiling: effective,
      isDefault: ceiling === null,
      keysLowered: lowered.length,
    };
  });
}
