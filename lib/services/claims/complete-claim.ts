import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { apiKeys, charges, taskClaims, tasks, users } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { formatMoney } from '@/lib/format/money';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { finishIntakeClaim } from '@/lib/services/claims/finish-intake-claim';
import { chargeForTask } from '@/lib/services/money/charge-for-task';
import { claimFundingSource } from '@/lib/services/money/claim-funding-source';
import { refundUnpostedCharge } from '@/lib/services/money/refund-unposted-charge';
import { releaseFundingSource } from '@/lib/services/money/release-funding-source';
import { postFundedTask } from '@/lib/services/tasks/post-funded-task';
import { findClaimByHumanToken } from './find-claim-by-human-token';

export type CompleteClaim = {
  processor: PaymentProcessor;
  /** The claim link's token. */
  humanToken: string;
  /** The signed-in human who pays and becomes the agent's operator (or, for an intake claim, the requester). */
  userId: string;
  /**
   * The total the page showed the human. When the draft's price is another by the time its funding is claimed (the
   * budget was corrected in another tab), 409 CONFLICT and nothing is charged.
   */
  expectedTotalCents?: number;
};

/**
 * The human finishes the claim page. First the draft's funding is claimed for the card, which locks its price: the
 * total that claim returns is what is charged (never a price read before it), and the page's own total must match
 * it. Then the card is charged for it (idempotent per task, so a second submit never charges twice; a decline
 * throws and leaves everything unclaimed). Then one transaction attaches the agent to the human with a spending
 * limit of this task's total (it can spend nothing more until the human raises it on the dashboard), activates the
 * parked key, posts the task through the state machine as its new operator (as any publish by card; the publish
 * refuses an escrow that does not hold the total) and marks the claim used; when that fails, the charge is refunded.
 * An intake claim (SMS concierge) has no agent: the human becomes the task's requester instead, and the number the
 * link was texted to becomes their verified phone (finishIntakeClaim). Completing a claim you already completed is
 * a no-op.
 */
export async function completeClaim(db: Db, { processor, humanToken, userId, expectedTotalCents }: CompleteClaim) {
  const found = await findClaimByHumanToken(db, humanToken);
  if (!found) throw new ApiError('NOT_FOUND', { message: 'Unknown claim link' });
  if (found.state === 'claimed')
    return ensureClaimedBy({ claimedBy: found.claim.claimedBy, userId, taskId: found.claim.taskId });
  if (found.state === 'expired') throw new ApiError('CLAIM_EXPIRED');

  const { task } = found;
  // The draft's funding is claimed for the card like any publish (a resubmit of this page claims it again). From
  // here its price cannot change (correctClaimTask refuses), and the price it locked is the one charged.
  const { totalCents } = await claimFundingSource(db, task.id, 'card');
  if (expectedTotalCents !== undefined && expectedTotalCents !== totalCents) {
    // A claim this request made is given up again; one an earlier attempt's charge holds stays with that charge.
    if (!(await hasCharge(db, task.id))) await releaseFundingSource(db, task.id, 'card');
    throw new ApiError('CONFLICT', {
      message: `The price changed to ${formatMoney(totalCents)} since this page was loaded`,
      hint: 'Nothing was charged. Reload the page to see the current price, then pay.',
      details: { totalCents },
    });
  }
  let charge: Awaited<ReturnType<typeof chargeForTask>>;
  try {
    charge = await chargeForTask(db, processor, {
      taskId: task.id,
      payerId: userId,
      amountCents: totalCents,
      description: `Legwork task: ${task.title}`,
    });
  } catch (error) {
    // A declined card leaves the draft free for the next attempt, with another card.
    if (error instanceof ApiError && error.code === 'PAYMENT_FAILED') {
      await releaseFundingSource(db, task.id, 'card');
    }
    throw error;
  }
  // A charge that succeeded for someone else (two humans on one link at once) does not fund this claim.
  if (charge.userId !== userId) throw new ApiError('CLAIM_ALREADY_USED');

  try {
    return await attachAndPost(db, { claimId: found.claim.id, userId, totalCents });
  } catch (error) {
    // Nothing posted (the escrow did not hold the total, or the post failed): the card gets its money back now. A
    // task another submit posted with this charge keeps it (refundUnpostedCharge leaves a posted task's charge).
    await refundUnpostedCharge(db, { processor, task });
    throw error;
  }
}

type AttachAndPost = { claimId: string; userId: string; totalCents: number };

/** The claim's one transaction: the agent (capped at the task's total) and its key, the post, the claim used. */
function attachAndPost(db: Db, { claimId, userId, totalCents }: AttachAndPost) {
  return db.transaction(async (tx) => {
    const [claim] = await tx.select().from(taskClaims).where(eq(taskClaims.id, claimId)).for('update');
    if (!claim) throw new Error('claim vanished');
    if (claim.claimedAt) return ensureClaimedBy({ claimedBy: claim.claimedBy, userId, taskId: claim.taskId });
    if (claim.agentId) {
      // The agent may spend this task's total on the human's card and nothing more, until they raise its limit.
      await tx
        .update(users)
        .set({ ownerId: userId, spendingLimitCents: totalCents })
        .where(eq(users.id, claim.agentId));
    }
    if (claim.apiKeyId) await tx.update(apiKeys).set({ parked: false }).where(eq(apiKeys.id, claim.apiKeyId));
    // An intake draft's requester is the admin who converted it, until now: the person who pays becomes it, so the
    // publish below is theirs.
    if (claim.intakeConversationId) {
      await tx.update(tasks).set({ requesterId: userId }).where(eq(tasks.id, claim.taskId));
    }
    // The same transition and events as any other publish: the agent's webhook endpoints learn of it like of its
    // other tasks.
    const posted = await postFundedTask(tx, { user: { id: userId }, taskId: claim.taskId, source: 'card' });
    if (claim.intakeConversationId) {
      await finishIntakeClaim(tx, { conversationId: claim.intakeConversationId, userId, taskTitle: posted.title });
    }
    await tx.update(taskClaims).set({ claimedAt: sql`now()`, claimedBy: userId }).where(eq(taskClaims.id, claim.id));
    return { taskId: claim.taskId, agentId: claim.agentId };
  });
}

/** Whether a charge (in flight or captured) already stands for the task. */
async function hasCharge(db: Db, taskId: string) {
  const [row] = await db
    .select({ id: charges.id })
    .from(charges)
    .where(and(eq(charges.taskId, taskId), ne(charges.status, 'failed')))
    .limit(1);
  return row !== undefined;
}

type EnsureClaimedByOptions = {
  /** Who completed the claim, if anyone. */
  claimedBy: string | null;
  /** Who is completing it now. */
  userId: string;
  taskId: string;
};

function ensureClaimedBy({ claimedBy, userId, taskId }: EnsureClaimedByOptions) {
  if (claimedBy !== userId) throw new ApiError('CLAIM_ALREADY_USED');
  return { taskId, alreadyClaimed: true as const };
}
