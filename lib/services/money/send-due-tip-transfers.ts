import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { outboxRetryDelaySeconds } from '@/db/outbox-retry';
import { payoutAccounts, tasks, tips } from '@/db/schema';
import { logger } from '@/lib/logger';
import { processorForTask } from '@/lib/payments/get-processor';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { postLedgerTransaction } from '@/lib/payments/ledger/post-ledger-transaction';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { expectHeld } from './expect-held';
import { findPayoutAccount } from './find-payout-account';

export type SendDueTipTransfersOptions = {
  taskIds?: string[];
  processorFor?: (livemode: boolean) => PaymentProcessor;
  batchSize?: number;
  leaseSeconds?: number;
};

/** How the worker's side of a tip is described in their history (the payer's reads `Tip: <title>`). */
export const TIP_RECEIVED_PREFIX = 'Tip received: ';

const DEFAULT_BATCH = 20;
const DEFAULT_LEASE_SECONDS = 120;

// The tip's own outbox, sent as task pay is (send-due-transfers.ts): claimed by a lease with `FOR UPDATE SKIP
// LOCKED`, no lock held while the processor answers, `tip:<id>:transfer` toward it so a re-send is a replay, and
// booked once (worker_payable → worker_payouts, kind `tip`). A worker whose payouts are not enabled waits.
export async function sendDueTipTransfers(db: Db, options: SendDueTipTransfersOptions = {}) {
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const processorFor = options.processorFor ?? ((livemode) => processorForTask(db, { livemode }));
  const counts = { transferred: 0, retrying: 0 };
  for (;;) {
    const claimed = await claimDueTips(db, { limit: batchSize, leaseSeconds, taskIds: options.taskIds });
    for (const tip of claimed) counts[await sendOne(db, processorFor(tip.livemode), tip)] += 1;
    if (claimed.length < batchSize) return counts;
  }
}

type ClaimOptions = { limit: number; leaseSeconds: number; taskIds?: string[] };

async function claimDueTips(db: Db, { limit, leaseSeconds, taskIds }: ClaimOptions) {
  const due = db
    .select({ id: tips.id })
    .from(tips)
    .innerJoin(
      payoutAccounts,
      and(eq(payoutAccounts.userId, tips.workerId), eq(payoutAccounts.livemode, tips.livemode)),
    )
    .where(
      and(
        eq(tips.status, 'paid'),
        isNull(tips.transferProcessorId),
        eq(payoutAccounts.payoutsEnabled, true),
        lte(tips.nextAttemptAt, sql`now()`),
        taskIds ? inArray(tips.taskId, taskIds) : undefined,
      ),
    )
    .orderBy(asc(tips.nextAttemptAt), asc(tips.id))
    .limit(limit)
    .for('update', { of: tips, skipLocked: true });
  return db
    .update(tips)
    .set({
      nextAttemptAt: sql`now() + ${leaseSeconds}::int * interval '1 second'`,
      attempts: sql`${tips.attempts} + 1`,
    })
    .where(inArray(tips.id, due))
    .returning();
}

type ClaimedTip = Awaited<ReturnType<typeof claimDueTips>>[number];

async function sendOne(db: Db, processor: PaymentProcessor, tip: ClaimedTip) {
  const mode = processor.livemode ? 'live' : 'test';
  const payable = ledgerAccount.workerPayable(mode, tip.workerId);
  try {
    // The books must hold what is about to leave.
    await db.transaction((tx) => expectHeld(tx, payable, tip.amountCents));
    const account = await findPayoutAccount(db, tip.workerId, processor);
    if (!account) throw new Error('the worker has no payout account');
    const { transferId } = await processor.transfer({
      accountId: account.accountId,
      amountCents: tip.amountCents,
      idempotencyKey: `tip:${tip.id}:transfer`,
      transferGroup: `task:${tip.taskId}`,
    });
    await bookTipTransfer(db, { tipId: tip.id, transferId, mode, livemode: processor.livemode });
    return 'transferred' as const;
  } catch (error) {
    const lastError = error instanceof Error ? error.message : String(error);
    logger.warn('tip transfer failed; retried later', { tipId: tip.id, attempt: tip.attempts, error: lastError });
    await db
      .update(tips)
      .set({
        lastError,
        nextAttemptAt: sql`now() + ${outboxRetryDelaySeconds(tip.attempts)}::int * interval '1 second'`,
      })
      .where(and(eq(tips.id, tip.id), isNull(tips.transferProcessorId)));
    return 'retrying' as const;
  }
}

type BookTipTransfer = { tipId: string; transferId: string; mode: 'live' | 'test'; livemode: boolean };

// One short transaction; a tip whose transfer is booked already (a replayed send) changes nothing.
async function bookTipTransfer(db: Db, { tipId, transferId, mode, livemode }: BookTipTransfer) {
  await db.transaction(async (tx) => {
    const [tip] = await tx.select().from(tips).where(eq(tips.id, tipId)).for('update');
    if (!tip || tip.transferProcessorId) return;
    const [task] = await tx.select({ title: tasks.title }).from(tasks).where(eq(tasks.id, tip.taskId));
    await tx.update(tips).set({ transferProcessorId: transferId, lastError: null }).where(eq(tips.id, tipId));
    await postLedgerTransaction(tx, {
      kind: 'tip',
      idempotencyKey: `${mode}:tip:${tip.id}:transfer`,
      livemode,
      taskId: tip.taskId,
      userId: tip.workerId,
      reference: transferId,
      description: `${TIP_RECEIVED_PREFIX}${task?.title ?? 'a task'}`,
      entries: [
        { account: ledgerAccount.workerPayable(mode, tip.workerId), amountCents: -tip.amountCents },
        { account: ledgerAccount.workerPayouts(mode, tip.workerId), amountCents: tip.amountCents },
      ],
    });
  });
}
