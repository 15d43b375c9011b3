import { and, eq } from 'drizzle-orm';
import { POST as acceptOfferRoute } from '@/app/v1/tasks/[id]/offers/[offerId]/accept/route';
import { POST as withdrawOfferRoute } from '@/app/v1/tasks/[id]/offers/[offerId]/withdraw/route';
import { POST as createOfferRoute, GET as listOffersRoute } from '@/app/v1/tasks/[id]/offers/route';
import { getDatabase } from '@/db/client';
import { notifications, taskOffers } from '@/db/schema';
import { call, uniqueIp } from './http';

// Offer fixtures (docs/tasks.md "Offers"): the four routes, called as a client would.

export function makeOffer(taskId: string, token: string, body: Record<string, unknown> = { priceCents: 1_500 }) {
  return call(createOfferRoute, `/v1/tasks/${taskId}/offers`, { token, body, params: { id: taskId }, ip: uniqueIp() });
}

export function listTaskOffers(taskId: string, token: string, query: Record<string, string> = {}) {
  return call(listOffersRoute, `/v1/tasks/${taskId}/offers`, { token, query, params: { id: taskId }, ip: uniqueIp() });
}

export function acceptTaskOffer(taskId: string, offerId: string, token: string, headers: Record<string, string> = {}) {
  return call(acceptOfferRoute, `/v1/tasks/${taskId}/offers/${offerId}/accept`, {
    token,
    headers,
    params: { id: taskId, offerId },
    ip: uniqueIp(),
  });
}

export function withdrawTaskOffer(taskId: string, offerId: string, token: string) {
  return call(withdrawOfferRoute, `/v1/tasks/${taskId}/offers/${offerId}/withdraw`, {
    token,
    params: { id: taskId, offerId },
    ip: uniqueIp(),
  });
}

export async function offerRow(offerId: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(taskOffers).where(eq(taskOffers.id, offerId));
  if (!row) throw new Error(`no offer ${offerId}`);
  return row;
}

/** The `task_offer` notifications a user got about a task. */
export async function offerNotices(userId: string, taskId: string) {
  const { db } = await getDatabase();
  return db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), eq(notifications.taskId, taskId), eq(notifications.kind, 'task_offer')),
    );
}
