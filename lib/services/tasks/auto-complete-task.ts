import type { Db } from '@/db/client';
import { payWorker } from './pay-worker';
import { runTransition } from './run-transition';

/** A `submitted` task the requester left unanswered for the review window completes; the worker is paid. */
export function autoCompleteTask(db: Db, taskId: string) {
  return runTransition(db, {
    taskId,
    action: 'autoComplete',
    caller: 'system',
    eventData: { reason: 'review_window_elapsed' },
    effect: async (tx, access) => {
      await payWorker(tx, access);
      return { completedAt: new Date() };
    },
  });
}
