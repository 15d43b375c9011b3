import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { taskOffers } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { emitEvent } from '@/lib/events/emit-event';
import { performDuePayments } from '@/lib/services/money/perform-due-payments';
import { refundPriceDifference } from '@/lib/services/money/refund-price-difference';
import { runTransition } from '@/lib/services/tasks/run-transition';
import { startAssignment } from '@/lib/services/tasks/start-assignment';
import { priceTask } from '@/lib/tasks/task-rules';
import { assertPending, lockOffer } from './lock-offer';

export type AcceptOfferOptions = { user: Pick<ActorUser, 'id'>; taskId: string; offerId: string; livemode?: boolean };

// One transaction (the `acceptOffer` transition): the task row, then the offer row, are locked; the budget becomes
// the offer's price, the escrow gives back what the new total no longer needs (after the other locks: the ledger's
// come last), the worker's assignment starts and the other pending offers are declined (runTransition). The card's
// refund itself is sent after the commit, from the payment outbox.
export async function acceptOffer(db: Db, { user, taskId, offerId, livemode }: AcceptOfferOptions) {
  const result = await runTransition(db, {
    taskId,
    action: 'acceptOffer',
    caller: { user, livemode },
    effect: async (tx, access) => {
      const { task } = access;
      const offer = await lockOffer(tx, taskId, offerId);
      assertPending(offer);
      if (offer.priceCents > task.budgetCents) {
        throw new ApiError('OFFER_ABOVE_BUDGET', {
          message: `This offer asks ${offer.priceCents} cents, above the task’s budget of ${task.budgetCents} cents`,
          details: { priceCents: offer.priceCents, budgetCents: task.budgetCents },
        });
      }
      const price = priceTask(offer.priceCents);
      await tx.update(taskOffers).set({ status: 'accepted', decidedAt: sql`now()` }).where(eq(taskOffers.id, offerId));
      await startAssignment(tx, { taskId, workerId: offer.workerId });
      await emitEvent(tx, {
        type: 'offer.accepted',
        data: { offer: { id: offer.id, taskId, priceCents: offer.priceCents, status: 'accepted' } },
        taskId,
        audience: [offer.workerId],
        livemode: task.livemode,
      });
      await refundPriceDifference(tx, access, {
        amountCents: task.totalCents - price.totalCents,
        cause: `offer:${offer.id}`,
        description: `Task: ${task.title} (offer accepted at a lower price)`,
      });
      return { ...price, workerId: offer.workerId, acceptedAt: new Date() };
    },
    eventData: { offerId },
  });
  await performDuePayments(db, { taskId });
  return result;
}
