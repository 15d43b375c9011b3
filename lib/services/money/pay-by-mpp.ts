import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { charges, mppPayments, type Task } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import { checkMppChallenge } from '@/lib/payments/mpp/challenge';
import { mppConfig } from '@/lib/payments/mpp/config';
import type { MppCredential } from '@/lib/payments/mpp/credential';
import { paymentReceiptHeaders } from '@/lib/payments/mpp/receipt';
import { type MppProblem, MppRejection } from '@/lib/payments/mpp/rejection';
import type { SharedTokenRefusal } from '@/lib/payments/processor';
import { claimFundingSource } from './claim-funding-source';
import type { Funder, FundingOutcome, FundingPlan } from './funding-outcome';
import { refundUnpostedCharge } from './refund-unposted-charge';
import { refusedOrThrow } from './refused-or-throw';
import { Unfunded } from './unfunded';

type MppFunding = { funder: Funder; plan: FundingPlan; credential: MppCredential | MppRejection };

const PROBLEM_OF: Record<SharedTokenRefusal, MppProblem> = {
  unknown: 'verification-failed',
  other_seller: 'verification-failed',
  used: 'verification-failed',
  expired: 'payment-expired',
  insufficient: 'payment-insufficient',
  declined: 'verification-failed',
};

// The claim comes first, in one transaction with the draft: the task's funding source (one rail funds a draft) and the
// token's row, unique by token and by challenge (each pays once, even for two requests at the same instant). Then the
// charge, outside any transaction, idempotent per payment row; then the charge on the books and the post.
export async function payByMpp(db: Db, { funder, plan, credential }: MppFunding): Promise<FundingOutcome> {
  const { processor } = funder;
  const { draft, paymentId } = await db.transaction(async (tx) => {
    const task = await plan.draft(tx);
    const refuse = (error: unknown) => new Unfunded(refusedOrThrow(error, funder, task));
    if (credential instanceof MppRejection) throw refuse(credential);
    plan.ready?.(task);
    let challengeId: string;
    try {
      ({ challengeId } = checkMppChallenge(credential, {
        totalCents: task.totalCents,
        resource: funder.x402.resource,
        userId: funder.user.id,
      }));
    } catch (error) {
      throw refuse(error);
    }
    await claimFundingSource(tx, task.id, 'mpp');
    const [row] = await tx
      .insert(mppPayments)
      .values({
        token: credential.payload.spt,
        challengeId,
        taskId: task.id,
        requesterId: task.requesterId,
        livemode: processor.livemode,
        amountCents: task.totalCents,
      })
      .onConflictDoNothing()
      .returning({ id: mppPayments.id });
    if (!row)
      throw refuse(new MppRejection('verification-failed', 'This Shared Payment Token or challenge was already used'));
    return { draft: task, paymentId: row.id };
  });

  const [charge] = await db
    .insert(charges)
    .values({
      userId: draft.requesterId,
      taskId: draft.id,
      livemode: processor.livemode,
      processor: processor.name,
      amountCents: draft.totalCents,
    })
    .onConflictDoNothing()
    .returning({ id: charges.id });
  if (!charge) {
    // A card charge for this draft exists already (it was refunded after a failed publish): nothing was charged.
    await giveUp(db, { paymentId, plan, draft });
    throw new ApiError('CONFLICT', {
      message: 'This draft was already charged once and refunded',
      hint: 'Create the task again with POST /v1/tasks and pay its 402.',
    });
  }

  const outcome = await processor.chargeSharedPaymentToken({
    token: credential instanceof MppRejection ? '' : credential.payload.spt,
    networkId: mppConfig().networkId,
    amountCents: draft.totalCents,
    idempotencyKey: `task:${draft.id}:mpp:${paymentId}`,
    transferGroup: `task:${draft.id}`,
    description: `Task: ${draft.title}`,
  });
  if (outcome.status === 'refused') {
    // Certainly not charged: the token may pay elsewhere, the draft is given up, and the 402 asks again.
    await db.delete(charges).where(eq(charges.id, charge.id));
    await giveUp(db, { paymentId, plan, draft });
    return refusedOrThrow(new MppRejection(PROBLEM_OF[outcome.refusal], outcome.message), funder, draft);
  }

  const mode = processor.livemode ? 'live' : 'test';
  await db.transaction(async (tx) => {
    await tx
      .update(charges)
      .set({ status: 'succeeded', processorId: outcome.processorId })
      .where(eq(charges.id, charge.id));
    await tx
      .update(mppPayments)
      .set({ processorId: outcome.processorId, updatedAt: new Date() })
      .where(eq(mppPayments.id, paymentId));
    await postLedgerTransaction(tx, {
      kind: 'charge',
      idempotencyKey: `${mode}:task:${draft.id}:charge`,
      livemode: processor.livemode,
      taskId: draft.id,
      userId: draft.requesterId,
      reference: outcome.processorId,
      description: `Task: ${draft.title} (shared payment token)`,
      entries: [
        { account: ledgerAccount.requesterFunding(mode, draft.requesterId), amountCents: -draft.totalCents },
        { account: ledgerAccount.escrow(mode, draft.id), amountCents: draft.totalCents },
      ],
    });
  });

  try {
    const task = await plan.post(db, { user: funder.user, taskId: draft.id, source: 'mpp' });
    const externalId = credential instanceof MppRejection ? undefined : credential.payload.externalId;
    return {
      kind: 'posted',
      task,
      paymentHeaders: paymentReceiptHeaders({ reference: outcome.processorId, externalId }),
    };
  } catch (error) {
    await refundUnpostedCharge(db, { processor, task: draft, source: 'mpp' });
    throw error;
  }
}

async function giveUp(db: Db, { paymentId, plan, draft }: { paymentId: string; plan: FundingPlan; draft: Task }) {
  await db.delete(mppPayments).where(and(eq(mppPayments.id, paymentId), eq(mppPayments.taskId, draft.id)));
  await plan.undo(draft.id, 'mpp');
}
