import type { Db } from '@/db/client';
import { refundEscrow } from './refund-escrow';
import { runTransition } from './run-transition';

/** A `posted` task past its deadline expires; its escrow goes back to where it came from. */
export function expireTask(db: Db, taskId: string) {
  return runTransition(db, {
    taskId,
    action: 'expire',
    caller: 'system',
    effect: async (tx, access) => {
      await refundEscrow(tx, access, `Refund: task expired (${access.task.title})`);
      return {};
    },
  });
}
