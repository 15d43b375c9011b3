import type { Db } from '@/db/client';
import { performDuePayments } from '@/lib/services/money/perform-due-payments';
import { refundEscrow } from '@/lib/services/money/refund-escrow';
import { runTransition } from './run-transition';

export async function expireTask(db: Db, taskId: string) {
  const expired = await runTransition(db, {
    taskId,
    action: 'expire',
    caller: 'system',
    effect: async (tx, access) => {
      await refundEscrow(tx, access, `Refund: task expired (${access.task.title})`);
      return {};
    },
  });
  await performDuePayments(db, { taskId });
  return expired;
}
