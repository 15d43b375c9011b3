import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { apiKeys, users } from '@/db/schema';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';
import { inAccount } from '@/lib/services/users/in-account';

// The operator row lock makes concurrent creations count one after the other, so none can pass the cap. A key in
// its grace period has a successor, which is the one counted.
export async function reserveKeySlot(tx: Tx, operatorId: string): Promise<{ rateLimitCeiling: number }> {
  const [operator] = await tx
    .select({ ceiling: users.keyRateLimitCeiling })
    .from(users)
    .where(eq(users.id, operatorId))
    .for('no key update');
  if (!operator) throw new Error(`key owner ${operatorId} not found`);
  const settings = env();
  const [live] = await tx
    .select({ keys: count() })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(
      and(
        inAccount(operatorId),
        isNull(apiKeys.revokedAt),
        isNull(apiKeys.replacedBy),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
      ),
    );
  const cap = settings.MAX_LIVE_KEYS_PER_OPERATOR;
  if ((live?.keys ?? 0) >= cap) {
    throw new ApiError('TOO_MANY_KEYS', {
      message: `This account already has ${cap} live API keys`,
      hint: `An operator holds at most ${cap} live keys, its agents’ keys included. Revoke keys you no longer use (DELETE /v1/operators/me/keys/{keyId}) or delete unused agents, then try again.`,
      details: { maxLiveKeys: cap },
    });
  }
  return { rateLimitCeiling: operator.ceiling ?? settings.KEY_RATE_LIMIT_CEILING };
}
