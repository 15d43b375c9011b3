import type { Tx } from '@/db/client';
import type { Task } from '@/db/schema';
import { formatMoney } from '@/lib/format/money';
import { notify } from './notify';
import { taskLink } from './task-link';

export type NotifyPayoutSentOptions = {
  task: Pick<Task, 'id' | 'title' | 'workerId'>;
  amountCents: number;
  /** One notification per transfer sent. */
  eventId: string;
};

export async function notifyPayoutSent(tx: Tx, { task, amountCents, eventId }: NotifyPayoutSentOptions) {
  if (!task.workerId) return;
  await notify(tx, {
    userId: task.workerId,
    kind: 'payout_sent',
    title: `${formatMoney(amountCents)} sent for “${task.title}”`,
    body: 'Your pay is on its way to your payout account.',
    taskId: task.id,
    link: taskLink('worker', task.id),
    dedupeKey: `payout_sent:${eventId}`,
  });
}
