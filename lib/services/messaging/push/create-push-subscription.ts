import { and, count, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { pushSubscriptions, users } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER } from '@/lib/schemas/push';
import { toPushSubscription } from './to-push-subscription';

export type CreatePushSubscriptionInput = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  expirationTime?: number | null;
};

export type CreatePushSubscriptionOptions = { userId: string; input: CreatePushSubscriptionInput };

/**
 * Idempotent by endpoint: the same browser subscribing again gets its row back (`created: false`, its keys
 * refreshed). An endpoint held by another account is one browser now used by someone else: it moves to this one.
 */
export async function createPushSubscription(db: Db, { userId, input }: CreatePushSubscriptionOptions) {
  const keys = {
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    expiresAt: input.expirationTime == null ? null : new Date(input.expirationTime),
  };
  return db.transaction(async (tx) => {
    // The account's row first (the lock order), so two subscribes at once cannot both pass the count.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [existing] = await tx
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, input.endpoint))
      .for('update');
    if (existing?.userId === userId) {
      await tx.update(pushSubscriptions).set(keys).where(eq(pushSubscriptions.id, existing.id));
      return { created: false, subscription: toPushSubscription(existing) };
    }
    const [held] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId)));
    if ((held?.n ?? 0) >= MAX_PUSH_SUBSCRIPTIONS_PER_USER) throw new ApiError('PUSH_SUBSCRIPTION_LIMIT');
    // A moved endpoint starts afresh: the other account's unsent pushes go with its old row.
    if (existing) await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, existing.id));
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, ...keys })
      .returning();
    if (!row) throw new Error('push subscription insert returned no row');
    return { created: true, subscription: toPushSubscription(row) };
  });
}
