import type { Db } from '@/db/client';
import { payWorker } from '@/lib/services/money/pay-worker';
import { performDuePayments } from '@/lib/services/money/perform-due-payments';
import { invalidTransition } from './invalid-transition';
import { runTransition } from './run-transition';

export type AutoCompleteOptions = {
  /** `auto_approved`: a `passed` verdict on a `when_passed` task, due at `autoApproveAt`. */
  reason?: 'review_window_elapsed' | 'auto_approved';
  now?: Date;
};

export async function autoCompleteTask(
  db: Db,
  taskId: string,
  { reason = 'review_window_elapsed', now = new Date() }: AutoCompleteOptions = {},
) {
  const completed = await runTransition(db, {
    taskId,
    action: 'autoComplete',
    caller: 'system',
    eventData: { reason },
    effect: async (tx, access) => {
      // Checked again under the lock: a revision and a resubmission with another verdict may have come between
      // the scan and this transaction, and it leaves the status `submitted`.
      const due = access.task.autoApproveAt;
      if (reason === 'auto_approved' && !(due && due.getTime() <= now.getTime())) {
        throw invalidTransition('autoComplete', access.task.status);
      }
      await payWorker(tx, access);
      return { completedAt: new Date() };
    },
  });
  await performDuePayments(db, { taskId });
  return completed;
}
