import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { type Task, taskOffers } from '@/db/schema';
import { emitEvent } from '@/lib/events/emit-event';
import { notifyMany } from '@/lib/services/notifications/notify-many';

// In the transition that takes the task off the board (an offer accepted, a direct accept, a cancel, an expiry), so
// no pending offer outlives the posting. Each worker hears once (`offer.declined`, a `task_offer` notification).
export async function declineOpenOffers(tx: Tx, task: Task) {
  const declined = await tx
    .update(taskOffers)
    .set({ status: 'declined', decidedAt: sql`now()` })
    .where(and(eq(taskOffers.taskId, task.id), eq(taskOffers.status, 'pending')))
    .returning({ id: taskOffers.id, workerId: taskOffers.workerId, priceCents: taskOffers.priceCents });
  if (declined.length === 0) return;
  // A worker who took the task directly is not told their own offer was declined.
  const others = declined.filter((offer) => offer.workerId !== task.workerId);
  const reason = task.status === 'accepted' ? 'taken' : task.status;
  for (const offer of declined) {
    await emitEvent(tx, {
      type: 'offer.declined',
      data: { offer: { id: offer.id, taskId: task.id, priceCents: offer.priceCents, status: 'declined' }, reason },
      taskId: task.id,
      audience: [offer.workerId],
      livemode: task.livemode,
    });
  }
  const words = task.status === 'accepted' ? 'went to another worker' : `was ${task.status}`;
  await notifyMany(
    tx,
    others.map((offer) => ({
      userId: offer.workerId,
      kind: 'task_offer' as const,
      title: `Your offer on “${task.title}” was declined`,
      body: `The task ${words}.`,
      taskId: task.id,
      link: null,
      dedupeKey: `offer_declined:${offer.id}`,
    })),
  );
}
