import type { Db } from '@/db/client';
import { performDuePayments } from '@/lib/services/money/perform-due-payments';
import { refundEscrow } from '@/lib/services/money/refund-escrow';
import { runTransition } from './run-transition';

/** `deadline`: nobody took it before its deadline. `not_accepted`: nobody accepted it by its `acceptBy`. */
export type ExpiryReason = 'deadline' | 'not_accepted';

export async function expireTask(db: Db, taskId: string, { reason = 'deadline' }: { reason?: ExpiryReason } = {}) {
  const expired = await runTransition(db, {
    taskId,
    action: 'expire',
    caller: 'system',
    effect: async (tx, access) => {
      const why = reason === 'not_accepted' ? 'not accepted in time' : 'expired';
      await refundEscrow(tx, access, `Refund: task ${why} (${access.task.title})`);
      return {};
    },
    eventData: { reason },
  });
  await performDuePayments(db, { taskId });
  return expired;
}
