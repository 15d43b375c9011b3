import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { taskOffers } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import { lockOffer, offerNotFound } from './lock-offer';
import { offerRows } from './offer-rows';
import { type OfferResource, toOfferResource } from './to-offer-resource';

export type WithdrawOfferOptions = { user: Pick<ActorUser, 'id'>; taskId: string; offerId: string };

// Only its worker (anyone else: 404). An expired offer can still be withdrawn: it only tidies the list.
export async function withdrawOffer(db: Db, { user, taskId, offerId }: WithdrawOfferOptions): Promise<OfferResource> {
  return db.transaction(async (tx) => {
    const offer = await lockOffer(tx, taskId, offerId);
    if (offer.workerId !== user.id) throw offerNotFound();
    if (offer.status !== 'pending') {
      throw new ApiError('OFFER_NOT_PENDING', {
        message: `This offer is ${offer.status}`,
        details: { status: offer.status },
      });
    }
    await tx.update(taskOffers).set({ status: 'withdrawn', decidedAt: sql`now()` }).where(eq(taskOffers.id, offerId));
    const [row] = await offerRows(tx, { taskId, limit: 1, offerId });
    if (!row) throw offerNotFound();
    return toOfferResource(row);
  });
}
