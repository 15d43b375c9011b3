import type { Tx } from '@/db/client';
import { formatMoney } from '@/lib/format/money';
import { notify } from './notify';
import { taskLink } from './task-link';

export type NotifyTipReceivedOptions = {
  tip: { id: string; workerId: string; amountCents: number };
  task: { id: string; title: string };
};

/** One notice per tip, in the transaction that books it. */
export async function notifyTipReceived(tx: Tx, { tip, task }: NotifyTipReceivedOptions) {
  await notify(tx, {
    userId: tip.workerId,
    kind: 'tip_received',
    title: `You were tipped ${formatMoney(tip.amountCents)} for “${task.title}”`,
    body: 'All of it is yours: it goes to your payout account with no fee.',
    taskId: task.id,
    link: taskLink('worker', task.id),
    dedupeKey: `tip:${tip.id}`,
  });
}
