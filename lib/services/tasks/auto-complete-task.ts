import type { Db } from '@/db/client';
import { payWorker } from '@/lib/services/money/pay-worker';
import { performDuePayments } from '@/lib/services/money/perform-due-payments';
import { runTransition } from './run-transition';

export async function autoCompleteTask(db: Db, taskId: string) {
  const completed = await runTransition(db, {
    taskId,
    action: 'autoComplete',
    caller: 'system',
    eventData: { reason: 'review_window_elapsed' },
    effect: async (tx, access) => {
      await payWorker(tx, access);
      return { completedAt: new Date() };
    },
  });
  await performDuePayments(db, { taskId });
  return completed;
}
