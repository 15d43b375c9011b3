import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type fundingSource, tasks } from '@/db/schema';
import { fundingInProgress } from './funding-in-progress';

export type FundingSource = (typeof fundingSource.enumValues)[number];

/** Longer than an x402 verify and settle can take (10 s each): a claim this old belongs to a request that died. */
const STALE_X402_CLAIM = sql`now() - interval '2 minutes'`;

/**
 * Claims a draft's funding for one payment path (card, x402, later bookings) before any money moves: one
 * conditional update, so of two publishes racing on one draft by different paths exactly one funds it and the
 * other is refused with 409 CONFLICT before it charges or settles anything. The card may claim again what the
 * card holds (a retry after a crash, or a resubmit): its charge is idempotent per task, so it is charged once.
 * An x402 claim is exclusive, and given up as soon as its payment fails; one left by a request that died is
 * taken over after two minutes. Returns the total it locked: the price that payment must be for (a budget read
 * before the claim may have been corrected since; once claimed, it cannot change).
 */
export async function claimFundingSource(
  tx: Executor,
  taskId: string,
  source: FundingSource,
): Promise<{ totalCents: number }> {
  const free = or(
    isNull(tasks.fundingSource),
    and(eq(tasks.fundingSource, 'x402'), lt(tasks.updatedAt, STALE_X402_CLAIM)),
    source === 'card' ? eq(tasks.fundingSource, 'card') : undefined,
  );
  const [claimed] = await tx
    .update(tasks)
    .set({ fundingSource: source })
    .where(and(eq(tasks.id, taskId), eq(tasks.status, 'draft'), free))
    .returning({ totalCents: tasks.totalCents });
  if (!claimed) throw fundingInProgress();
  return claimed;
}
