import type { Executor } from '@/db/client';
import type { ActorUser } from '@/lib/auth/actor';
import { readTaskAccess } from '@/lib/services/tasks/read-task-access';
import { taskNotFound } from '@/lib/services/tasks/task-not-found';
import { offerRows } from './offer-rows';
import { type OfferResource, toOfferResource } from './to-offer-resource';

export type ListOffersOptions = { user: Pick<ActorUser, 'id'>; taskId: string; livemode?: boolean; limit: number };

// The requester side only: a worker never sees the others' prices (404, as a task they cannot see).
export async function listOffers(
  db: Executor,
  { user, taskId, livemode, limit }: ListOffersOptions,
): Promise<OfferResource[]> {
  const access = await readTaskAccess(db, { taskId, userId: user.id, livemode });
  if (access.side !== 'requester') throw taskNotFound();
  const now = new Date();
  return (await offerRows(db, { taskId, limit })).map((row) => toOfferResource(row, now));
}
