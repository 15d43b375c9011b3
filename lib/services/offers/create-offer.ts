import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/db/client';
import { type Task, taskOffers, workerProfiles } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError, validationError } from '@/lib/errors/api-error';
import { emitEvent } from '@/lib/events/emit-event';
import { formatMoney } from '@/lib/format/money';
import { type CreateOfferBody, OFFER_EXPIRY_MINUTES } from '@/lib/schemas/offers';
import { notifyMany } from '@/lib/services/notifications/notify-many';
import { taskLink } from '@/lib/services/notifications/task-link';
import { readTaskAccess } from '@/lib/services/tasks/read-task-access';
import { taskNotFound } from '@/lib/services/tasks/task-not-found';
import { offerRows } from './offer-rows';
import { type OfferResource, toOfferResource } from './to-offer-resource';

export type CreateOfferOptions = {
  user: Pick<ActorUser, 'id'>;
  taskId: string;
  livemode?: boolean;
  offer: CreateOfferBody;
};

// With the task row locked, so an offer cannot land on a task an acceptance is taking off the board. A worker's
// new offer replaces their pending one (withdrawn) in the same transaction: one live offer per worker and task.
export async function createOffer(
  db: Db,
  { user, taskId, livemode, offer }: CreateOfferOptions,
): Promise<OfferResource> {
  return db.transaction(async (tx) => {
    const access = await readTaskAccess(tx, { taskId, userId: user.id, forUpdate: true, livemode });
    const { task } = access;
    if (access.side === 'requester') throw new ApiError('CANNOT_OFFER_OWN_TASK');
    if (access.side === null && (task.status !== 'posted' || !access.callerListed)) {
      if (task.status !== 'posted') throw taskNotFound();
      throw new ApiError('FORBIDDEN', {
        message: 'Only listed workers can make offers',
        hint: 'Complete your worker profile and list it with POST /v1/workers/me/listing, then make an offer.',
      });
    }
    if (task.status !== 'posted') {
      throw new ApiError('INVALID_TRANSITION', {
        message: `Cannot make an offer on a ${task.status} task`,
        hint: 'Offers answer posted tasks only.',
        details: { status: task.status, action: 'offer', allowedFrom: ['posted'] },
      });
    }
    await checkOffer(tx, task, user.id, offer);
    const now = Date.now();
    const minutes = offer.expiresInMinutes ?? OFFER_EXPIRY_MINUTES.default;
    const expiresAt = new Date(Math.min(now + minutes * 60_000, task.deadline.getTime()));
    await tx
      .update(taskOffers)
      .set({ status: 'withdrawn', decidedAt: sql`now()` })
      .where(and(eq(taskOffers.taskId, taskId), eq(taskOffers.workerId, user.id), eq(taskOffers.status, 'pending')));
    const [row] = await tx
      .insert(taskOffers)
      .values({
        taskId,
        workerId: user.id,
        priceCents: offer.priceCents,
        proposedTime: offer.proposedTime ? new Date(offer.proposedTime) : null,
        message: offer.message ?? null,
        expiresAt,
      })
      .returning({ id: taskOffers.id });
    if (!row) throw new Error('offer insert returned no row');
    const [ranked] = await offerRows(tx, { taskId, limit: 1, offerId: row.id });
    if (!ranked) throw new Error('offer vanished inside its transaction');
    const resource = toOfferResource(ranked);
    const requesters = [task.requesterId, access.requesterOwnerId];
    await emitEvent(tx, {
      type: 'offer.created',
      data: { offer: resource },
      taskId,
      audience: requesters,
      livemode: task.livemode,
    });
    const who = resource.workerName ?? 'A worker';
    await notifyMany(
      tx,
      [...new Set(requesters)].flatMap((userId) =>
        userId
          ? [
              {
                userId,
                kind: 'task_offer' as const,
                title: `${who} offered to do “${task.title}” for ${formatMoney(offer.priceCents)}`,
                body: offer.message ?? 'See the offers on the task’s page.',
                taskId,
                link: taskLink('requester', taskId),
                dedupeKey: `offer_created:${row.id}`,
              },
            ]
          : [],
      ),
    );
    return resource;
  });
}

async function checkOffer(tx: Tx, task: Task, workerId: string, offer: CreateOfferBody) {
  const [profile] = await tx
    .select({ minPriceCents: workerProfiles.minPriceCents })
    .from(workerProfiles)
    .where(eq(workerProfiles.userId, workerId));
  const min = profile?.minPriceCents;
  if (min && offer.priceCents < min) {
    throw validationError([{ path: ['priceCents'], message: `Must be at least your minimum price, ${min} cents` }]);
  }
  if (!offer.proposedTime) return;
  const at = new Date(offer.proposedTime).getTime();
  if (at <= Date.now()) throw validationError([{ path: ['proposedTime'], message: 'Must be in the future' }]);
  if (at > task.deadline.getTime()) {
    const deadline = task.deadline.toISOString();
    throw validationError([{ path: ['proposedTime'], message: `Must not be after the task’s deadline, ${deadline}` }]);
  }
}
