import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type fundingSource, tasks } from '@/db/schema';
import { fundingInProgress } from './funding-in-progress';

export type FundingSource = (typeof fundingSource.enumValues)[number];

/** Longer than an x402 verify and settle can take (10 s each): a claim this old belongs to a request that died. */
const STALE_X402_CLAIM = sql`now() - interval '2 minutes'`;

// One conditional update, so of two publishes racing on one draft by different paths exactly one funds it, before
// anything is charged or settled. The card may claim again what it holds: its charge is idempotent per task. A
// stale x402 claim is taken over. Returns the locked total: the price the payment must be for.
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
