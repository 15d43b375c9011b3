import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { taskOffers } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';

export function offerNotFound() {
  return new ApiError('NOT_FOUND', {
    message: 'Offer not found',
    hint: 'Check the ids; the requester lists a task’s offers with GET /v1/tasks/{id}/offers.',
  });
}

/** After the task's row (docs/conventions.md "Locks are taken in one order"): what hangs off the task comes second. */
export async function lockOffer(tx: Tx, taskId: string, offerId: string) {
  const [offer] = await tx
    .select()
    .from(taskOffers)
    .where(and(eq(taskOffers.id, offerId), eq(taskOffers.taskId, taskId)))
    .for('update');
  if (!offer) throw offerNotFound();
  return offer;
}

/** 409 unless the offer can still be taken: pending and before its expiry. */
export function assertPending(offer: { status: string; expiresAt: Date }, now = new Date()) {
  if (offer.status !== 'pending') {
    throw new ApiError('OFFER_NOT_PENDING', {
      message: `This offer is ${offer.status}`,
      details: { status: offer.status },
    });
  }
  if (offer.expiresAt.getTime() <= now.getTime()) {
    throw new ApiError('OFFER_EXPIRED', {
      message: `This offer expired at ${offer.expiresAt.toISOString()}`,
      details: { expiresAt: offer.expiresAt.toISOString() },
    });
  }
}
