import { and, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { pushOutbox, pushSubscriptions } from '@/db/schema';

export type QueuedPush = {
  userId: string;
  title: string;
  body: string;
  /** A path on this site. */
  url: string;
  tag: string;
};

// In the caller's transaction, so a push leaves only if what causes it commits: one row per live subscription of
// each person (two statements whatever the number). The push job sends them after the commit.
export async function queuePushes(tx: Tx, pushes: QueuedPush[]): Promise<number> {
  if (pushes.length === 0) return 0;
  const subscriptions = await tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(
      and(
        inArray(pushSubscriptions.userId, [...new Set(pushes.map((push) => push.userId))]),
        or(isNull(pushSubscriptions.expiresAt), gt(pushSubscriptions.expiresAt, sql`now()`)),
      ),
    );
  const rows = pushes.flatMap((push) =>
    subscriptions
      .filter((subscription) => subscription.userId === push.userId)
      .map((subscription) => ({ ...push, subscriptionId: subscription.id })),
  );
  if (rows.length === 0) return 0;
  await tx.insert(pushOutbox).values(rows);
  return rows.length;
}
