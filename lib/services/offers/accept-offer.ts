import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { type Task, taskOffers, tasks } from '@/db/schema';
import { emitEvent } from '@/lib/events/emit-event';
import type { Funder } from '@/lib/services/money/funding-outcome';
import { performDuePayments } from '@/lib/services/money/perform-due-payments';
import { refundPriceDifference } from '@/lib/services/money/refund-price-difference';
import type { TaskAccess } from '@/lib/services/tasks/read-task-access';
import { lockTransition, runTransition } from '@/lib/services/tasks/run-transition';
import { startAssignment } from '@/lib/services/tasks/start-assignment';
import { priceTask } from '@/lib/tasks/task-rules';
import { assertPending, lockOffer } from './lock-offer';
import { bookTopUp, claimTopUp, type PaymentRequired, payTopUp, priceChanged, refundUnusedTopUp } from './top-up-offer';

export type AcceptOfferOptions = { funder: Funder; taskId: string; offerId: string };

export type AcceptOfferOutcome =
  | { kind: 'accepted'; task: Task; access: TaskAccess; paymentHeaders?: Record<string, string> }
  | PaymentRequired;

/**
 * The task goes to the offer's worker at the offer's price, in one transaction (the `acceptOffer` transition): the
 * task row, then the offer row, are locked; the budget becomes the price; the worker's assignment starts and the
 * other pending offers are declined (runTransition). A lower price gives back what the escrow no longer needs (the
 * card's refund is sent after the commit). A higher price is paid first, by the task's own funding source: the
 * claim (a transaction under the same locks), the payment (outside any), then the acceptance books it into the
 * escrow; an acceptance that then fails gives the payment back (top-up-offer.ts).
 */
export async function acceptOffer(
  db: Db,
  { funder, taskId, offerId }: AcceptOfferOptions,
): Promise<AcceptOfferOutcome> {
  const caller = { user: funder.user, livemode: funder.processor.livemode };
  const claimedAt = new Date();
  // Only an offer above the budget pays before the transition; the transition checks everything again under its
  // locks (and refuses a price that changed meanwhile), so an offer within the budget goes straight to it.
  const claimed = (await aboveBudget(db, taskId, offerId))
    ? await db.transaction(async (tx) => {
        const access = await lockTransition(tx, { taskId, action: 'acceptOffer', caller });
        const offer = await lockOffer(tx, taskId, offerId);
        assertPending(offer);
        const amountCents = priceTask(offer.priceCents).totalCents - access.task.totalCents;
        return amountCents > 0 ? claimTopUp(tx, { access, offer, amountCents, funder }) : null;
      })
    : null;
  if (claimed && 'kind' in claimed) return claimed;
  const paid = claimed ? await payTopUp(db, funder, claimed) : null;
  if (paid && 'kind' in paid) return paid;

  let result: Awaited<ReturnType<typeof runTransition>>;
  try {
    result = await runTransition(db, {
      taskId,
      action: 'acceptOffer',
      caller,
      effect: async (tx, access) => {
        const { task } = access;
        const offer = await lockOffer(tx, taskId, offerId);
        // A top-up paid for began before the offer expired: only a withdrawal since then stops it.
        assertPending(offer, paid ? claimedAt : new Date());
        const price = priceTask(offer.priceCents);
        const extraCents = price.totalCents - task.totalCents;
        const paidCents = paid?.topUp.amountCents ?? 0;
        if (extraCents > 0 ? extraCents !== paidCents : paidCents > 0) throw priceChanged();
        await tx
          .update(taskOffers)
          .set({ status: 'accepted', decidedAt: sql`now()` })
          .where(eq(taskOffers.id, offerId));
        await startAssignment(tx, { taskId, workerId: offer.workerId });
        await emitEvent(tx, {
          type: 'offer.accepted',
          data: { offer: { id: offer.id, taskId, priceCents: offer.priceCents, status: 'accepted' } },
          taskId,
          audience: [offer.workerId],
          livemode: task.livemode,
        });
        if (paid) await bookTopUp(tx, access, paid);
        await refundPriceDifference(tx, access, {
          amountCents: -extraCents,
          cause: `offer:${offer.id}`,
          description: `Task: ${task.title} (offer accepted at a lower price)`,
        });
        return { ...price, workerId: offer.workerId, acceptedAt: new Date() };
      },
      eventData: { offerId },
    });
  } catch (error) {
    if (paid) await refundUnusedTopUp(db, paid);
    throw error;
  }
  await performDuePayments(db, { taskId });
  return { kind: 'accepted', ...result, paymentHeaders: paid?.paymentHeaders };
}

/** Whether the offer asks more than the task's budget, read without locks (a hint; the transition decides). */
async function aboveBudget(db: Db, taskId: string, offerId: string): Promise<boolean> {
  const [row] = await db
    .select({ priceCents: taskOffers.priceCents, budgetCents: tasks.budgetCents })
    .from(taskOffers)
    .innerJoin(tasks, eq(tasks.id, taskOffers.taskId))
    .where(and(eq(taskOffers.id, offerId), eq(taskOffers.taskId, taskId)));
  return row !== undefined && row.priceCents > row.budgetCents;
}
