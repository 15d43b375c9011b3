import type { Tx } from '@/db/client';
import { refundEscrow } from '@/lib/services/money/refund-escrow';
import { runTransition } from './run-transition';

/** A posted task of a suspended account is cancelled by the platform and its escrow refunded in full. */
export function cancelForSuspension(tx: Tx, taskId: string) {
  return runTransition(tx, {
    taskId,
    action: 'suspend',
    caller: 'system',
    eventData: { reason: 'requester_suspended' },
    effect: async (inner, access) => {
      await refundEscrow(inner, access, `Refund: requester suspended (${access.task.title})`);
      return { cancelledAt: new Date() };
    },
  });
}
