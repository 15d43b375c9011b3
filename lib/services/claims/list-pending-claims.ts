import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { taskClaims, tasks } from '@/db/schema';
import { OPENED_CLAIM_LINK_PURPOSE } from '@/lib/auth/claim-tokens';
import { unseal } from '@/lib/auth/secret-box';

const PENDING_CLAIMS_LIMIT = 10;

export type PendingClaim = { claimId: string; title: string; totalCents: number; expiresAt: Date; path: string };

/**
 * The claim links this human opened while signed in and has not paid, still open: their dashboard's "Needs your
 * action". Only what they opened themselves: a proposal's `requesterEmail` is anyone's guess (an anonymous agent may
 * name any address), so it never puts a claim on someone's dashboard.
 */
export async function listPendingClaims(db: Executor, userId: string): Promise<PendingClaim[]> {
  const rows = await db
    .select({
      claimId: taskClaims.id,
      sealed: taskClaims.openedLinkSealed,
      expiresAt: taskClaims.expiresAt,
      title: tasks.title,
      totalCents: tasks.totalCents,
    })
    .from(taskClaims)
    .innerJoin(tasks, eq(tasks.id, taskClaims.taskId))
    .where(
      and(
        eq(taskClaims.openedBy, userId),
        isNull(taskClaims.claimedAt),
        isNotNull(taskClaims.openedLinkSealed),
        sql`${taskClaims.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(taskClaims.createdAt), desc(taskClaims.id))
    .limit(PENDING_CLAIMS_LIMIT);
  return rows.map(({ sealed, ...row }) => ({
    ...row,
    path: `/claim/${unseal(OPENED_CLAIM_LINK_PURPOSE, sealed ?? '')}`,
  }));
}
