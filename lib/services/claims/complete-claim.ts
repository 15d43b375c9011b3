import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { apiKeys, type Task, taskClaims, tasks, users } from '@/db/schema';
import { toActorUser } from '@/lib/auth/actor';
import { ApiError, validationError } from '@/lib/errors/api-error';
import { formatMoney } from '@/lib/format/money';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { claimPaymentSchema } from '@/lib/schemas/cold-start';
import { recordAcceptances } from '@/lib/services/legal/record-acceptances';
import { AlreadyPosted, fundTask } from '@/lib/services/money/fund-task';
import type { FundedPost } from '@/lib/services/money/funding-outcome';
import { releaseFundingSource } from '@/lib/services/money/release-funding-source';
import { postFundedTask } from '@/lib/services/tasks/post-funded-task';
import { defaultAgentName } from './default-agent-name';
import { findClaimByHumanToken } from './find-claim-by-human-token';
import { finishIntakeClaim } from './finish-intake-claim';

export type CompleteClaim = {
  processor: PaymentProcessor;
  humanToken: string;
  /** The signed-in human who pays and becomes the agent's operator (or, for an intake claim, the requester). */
  userId: string;
  /** The total the page showed; a price changed since (corrected in another tab) is 409 CONFLICT, nothing charged. */
  expectedTotalCents?: number;
  /** The box by the pay button: without it nothing is charged (400 VALIDATION_ERROR); with it, recorded first. */
  acceptTerms: boolean;
  /** What the claimed agent is called (an agent claim); without it, a name after the task (`defaultAgentName`). */
  agentName?: string;
  /** Where the human accepted the Terms from, kept with the acceptance as sign-up keeps it. */
  ip?: string | null;
};

// The draft is locked in the transaction that claims its funding, so the total charged is never one read before it.
// The payer is the signed-in human, not the draft's requester, so no spending cap or agent-charge notice applies.
// The Terms are accepted (recorded the way sign-up records them) before the card is charged, never after.
export async function completeClaim(db: Db, options: CompleteClaim) {
  const { processor, humanToken, userId, expectedTotalCents, ip = null } = options;
  const form = claimPaymentSchema.safeParse({ acceptTerms: options.acceptTerms, agentName: options.agentName });
  if (!form.success) {
    throw validationError(form.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })));
  }
  const found = await findClaimByHumanToken(db, humanToken);
  if (!found) throw new ApiError('NOT_FOUND', { message: 'Unknown claim link' });
  if (found.state === 'claimed')
    return ensureClaimedBy({ claimedBy: found.claim.claimedBy, userId, taskId: found.claim.taskId });
  if (found.state === 'expired') throw new ApiError('CLAIM_EXPIRED');
  await recordAcceptances(db, { userId, slugs: ['terms', 'privacy'], ip });
  const agentName = form.data.agentName ?? defaultAgentName(found.task.title);

  const [payer] = await db.select().from(users).where(eq(users.id, userId));
  if (!payer) throw new Error('the claiming user vanished');
  const claimId = found.claim.id;
  let claimed: { taskId: string; agentId: string | null } | { taskId: string; alreadyClaimed: true } | undefined;
  const outcome = await fundTask(
    db,
    // A person in a browser session, paying by card: no x402 offer, so a card error comes back as it is.
    { processor, user: toActorUser(payer), viaApiKey: false, x402: { resource: '', payment: null } },
    {
      draft: (tx) => lockDraft(tx, found.task.id),
      ready: (task) => {
        if (expectedTotalCents !== undefined && expectedTotalCents !== task.totalCents) throw priceChanged(task);
      },
      undo: (taskId, source) => releaseFundingSource(db, taskId, source),
      // A charge that succeeded for someone else (two humans on one link at once) does not fund this claim.
      charged: (charge) => {
        if (charge.userId !== userId) throw new ApiError('CLAIM_ALREADY_USED');
      },
      post: async (postDb, input) => {
        try {
          const result = await attachAndPost(postDb, { claimId, agentName, input });
          claimed = result.claimed;
          return result.task;
        } catch (error) {
          if (error instanceof AlreadyPosted) claimed = { taskId: error.task.id, alreadyClaimed: true };
          throw error;
        }
      },
    },
  );
  if (outcome.kind !== 'posted' || !claimed) throw new Error(`a claim's funding ended ${outcome.kind}`);
  return claimed;
}

async function lockDraft(tx: Tx, taskId: string): Promise<Task> {
  const [task] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('update');
  if (!task) throw new ApiError('NOT_FOUND', { message: 'Unknown claim link' });
  return task;
}

function priceChanged(task: Task) {
  return new ApiError('CONFLICT', {
    message: `The price changed to ${formatMoney(task.totalCents)} since this page was loaded`,
    hint: 'Nothing was charged. Reload the page to see the current price, then pay.',
    details: { totalCents: task.totalCents },
  });
}

type AttachAndPost = { claimId: string; agentName: string; input: FundedPost };

// A claim the same human completed meanwhile (a second submit) is the posted task, as fundTask's AlreadyPosted.
function attachAndPost(db: Db, { claimId, agentName, input }: AttachAndPost) {
  const userId = input.user.id;
  return db.transaction(async (tx) => {
    const [claim] = await tx.select().from(taskClaims).where(eq(taskClaims.id, claimId)).for('update');
    if (!claim) throw new Error('claim vanished');
    if (claim.claimedAt) {
      ensureClaimedBy({ claimedBy: claim.claimedBy, userId, taskId: claim.taskId });
      const [posted] = await tx.select().from(tasks).where(eq(tasks.id, claim.taskId));
      if (!posted) throw new Error('claimed task vanished');
      throw new AlreadyPosted(posted);
    }
    if (claim.kind === 'agent' && claim.agentId) {
      const [task] = await tx.select({ totalCents: tasks.totalCents }).from(tasks).where(eq(tasks.id, claim.taskId));
      if (!task) throw new Error('claimed task vanished');
      // The agent may spend this task's total on the human's card and nothing more, until they raise its limit; it
      // takes the name the human gave it on the claim page (a proposal carries none).
      await tx
        .update(users)
        .set({ ownerId: userId, spendingLimitCents: task.totalCents, name: agentName })
        .where(eq(users.id, claim.agentId));
      if (claim.apiKeyId) await tx.update(apiKeys).set({ parked: false }).where(eq(apiKeys.id, claim.apiKeyId));
    }
    // An intake draft's requester was the converting admin; the payer takes over so the publish is theirs.
    if (claim.kind === 'intake') {
      await tx.update(tasks).set({ requesterId: userId }).where(eq(tasks.id, claim.taskId));
    }
    const posted = await postFundedTask(tx, input);
    if (claim.kind === 'intake' && claim.intakeConversationId) {
      await finishIntakeClaim(tx, { conversationId: claim.intakeConversationId, userId, taskTitle: posted.title });
    }
    // The sealed link only led its opener back to an unpaid claim: it goes with the payment.
    await tx
      .update(taskClaims)
      .set({ claimedAt: sql`now()`, claimedBy: userId, openedLinkSealed: null })
      .where(eq(taskClaims.id, claim.id));
    return { task: posted, claimed: { taskId: claim.taskId, agentId: claim.agentId } };
  });
}

type EnsureClaimedByOptions = {
  claimedBy: string | null;
  userId: string;
  taskId: string;
};

function ensureClaimedBy({ claimedBy, userId, taskId }: EnsureClaimedByOptions) {
  if (claimedBy !== userId) throw new ApiError('CLAIM_ALREADY_USED');
  return { taskId, alreadyClaimed: true as const };
}
