import type { Tx } from '@/db/client';
import type { Task } from '@/db/schema';
import { formatMoney } from '@/lib/format/money';
import { notify } from './notify';
import { taskLink } from './task-link';

export type NotifyPayoutSentOptions = {
  task: Pick<Task, 'id' | 'title' | 'workerId'>;
  amountCents: number;
  /** The `transfers` row sent. */
  transferId: string;
};

/**
 * One payout, one notification: the completion notice that already told the worker "You were paid" carries the same
 * key (notify-task-event.ts), so this one is written only for pay that was held and is now sent.
 */
export const payoutNoticeKey = (transferId: string) => `payout:${transferId}`;

export async function notifyPayoutSent(tx: Tx, { task, amountCents, transferId }: NotifyPayoutSentOptions) {
  if (!task.workerId) return;
  await notify(tx, {
    userId: task.workerId,
    kind: 'payout_sent',
    title: `${formatMoney(amountCents)} sent for “${task.title}”`,
    body: 'Your pay is on its way to your payout account.',
    taskId: task.id,
    link: taskLink('worker', task.id),
    dedupeKey: payoutNoticeKey(transferId),
  });
}
