import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { taskClaims } from '@/db/schema';
import { OPENED_CLAIM_LINK_PURPOSE } from '@/lib/auth/claim-tokens';
import { seal } from '@/lib/auth/secret-box';

export type RecordClaimOpening = { claimId: string; humanToken: string; userId: string };

/**
 * A signed-in human opened an open claim's page: the claim becomes theirs to finish on their dashboard (the last
 * such human wins; a claim paid or expired meanwhile is left alone). The link is sealed, never stored in clear. The
 * update is skipped when they are already its opener, so reloading the page writes nothing.
 */
export async function recordClaimOpening(db: Executor, { claimId, humanToken, userId }: RecordClaimOpening) {
  await db
    .update(taskClaims)
    .set({ openedBy: userId, openedLinkSealed: seal(OPENED_CLAIM_LINK_PURPOSE, humanToken) })
    .where(
      and(
        eq(taskClaims.id, claimId),
        isNull(taskClaims.claimedAt),
        sql`${taskClaims.expiresAt} > now()`,
        or(isNull(taskClaims.openedBy), ne(taskClaims.openedBy, userId)),
      ),
    );
}
