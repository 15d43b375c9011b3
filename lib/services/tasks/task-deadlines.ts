import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { tasks } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import { logger } from '@/lib/logger';
import { REVIEW_WINDOW_HOURS } from '@/lib/tasks/task-transitions';
import { payWorker, refundEscrow } from './release-escrow';
import { runTransition } from './run-transition';

const BATCH = 100;

/**
 * The platform's own transitions, run by the background job: `posted` tasks past their deadline expire
 * (refunded), `submitted` tasks the requester left unanswered for the review window complete (worker paid).
 * Each task is its own transaction; one that changed meanwhile (someone accepted it at the last second) is
 * skipped by the transition's status check. Returns how many of each it moved.
 */
export async function runTaskDeadlines(db: Db, now = new Date()) {
  const overdue = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.status, 'posted'), lt(tasks.deadline, now)))
    .orderBy(asc(tasks.deadline))
    .limit(BATCH);
  const reviewCutoff = new Date(now.getTime() - REVIEW_WINDOW_HOURS * 3_600_000);
  const unanswered = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.status, 'submitted'), lt(tasks.submittedAt, reviewCutoff)))
    .orderBy(asc(tasks.submittedAt))
    .limit(BATCH);

  let expired = 0;
  for (const { id } of overdue) if (await skipIfMoved(() => expireTask(db, id))) expired += 1;
  let completed = 0;
  for (const { id } of unanswered) if (await skipIfMoved(() => autoCompleteTask(db, id))) completed += 1;
  return { expired, completed };
}

/** A `posted` task past its deadline expires; its escrow goes back to where it came from. */
export function expireTask(db: Db, taskId: string) {
  return runTransition(db, {
    taskId,
    action: 'expire',
    caller: 'system',
    effect: async (tx, { task }) => {
      await refundEscrow(tx, task, `Refund: task expired (${task.title})`);
      return {};
    },
  });
}

/** A `submitted` task the requester left unanswered for the review window completes; the worker is paid. */
export function autoCompleteTask(db: Db, taskId: string) {
  return runTransition(db, {
    taskId,
    action: 'autoComplete',
    caller: 'system',
    eventData: { reason: 'review_window_elapsed' },
    effect: async (tx, { task }) => {
      await payWorker(tx, task);
      return { completedAt: new Date() };
    },
  });
}

async function skipIfMoved(step: () => Promise<unknown>): Promise<boolean> {
  try {
    await step();
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'INVALID_TRANSITION') return false;
    logger.error('task deadline step failed', { error });
    return false;
  }
}
