import { and, asc, eq, lt, lte, notInArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client';
import { tasks } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { logger } from '@/lib/logger';
import { REVIEW_WINDOW_HOURS } from '@/lib/tasks/task-transitions';
import { autoCompleteTask } from './auto-complete-task';
import { expireTask } from './expire-task';

const BATCH = 100;

// Each task is its own transaction; one that changed meanwhile is skipped by the transition's status check.
export async function runTaskDeadlines(db: Db, now = new Date()) {
  const reviewCutoff = new Date(now.getTime() - REVIEW_WINDOW_HOURS * 3_600_000);
  const expired = await eachDue(db, {
    due: and(eq(tasks.status, 'posted'), lt(tasks.deadline, now)),
    oldest: tasks.deadline,
    step: (id) => expireTask(db, id),
  });
  // The accept-by guarantee: `acceptBy` is cleared once a worker accepts, so every posted task past it is due.
  const notAccepted = await eachDue(db, {
    due: and(eq(tasks.status, 'posted'), lt(tasks.acceptBy, now)),
    oldest: tasks.acceptBy,
    step: (id) => expireTask(db, id, { reason: 'not_accepted' }),
  });
  const approved = await eachDue(db, {
    due: and(eq(tasks.status, 'submitted'), lte(tasks.autoApproveAt, now)),
    oldest: tasks.autoApproveAt,
    step: (id) => autoCompleteTask(db, id, { reason: 'auto_approved', now }),
  });
  const completed = await eachDue(db, {
    due: and(eq(tasks.status, 'submitted'), lt(tasks.submittedAt, reviewCutoff)),
    oldest: tasks.submittedAt,
    step: (id) => autoCompleteTask(db, id),
  });
  return { expired: expired + notAccepted, notAccepted, completed: completed + approved, approved };
}

// A task whose step failed is left out of the following pages, so tasks that keep failing (a worker who cannot
// be paid yet) never fill the first page of every run and starve the ones behind them.
type EachDueOptions = {
  due: SQL | undefined;
  oldest: AnyPgColumn;
  step: (id: string) => Promise<unknown>;
};

async function eachDue(db: Db, { due, oldest, step }: EachDueOptions) {
  let moved = 0;
  const failed: string[] = [];
  for (;;) {
    const page = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(failed.length ? and(due, notInArray(tasks.id, failed)) : due)
      .orderBy(asc(oldest), asc(tasks.id))
      .limit(BATCH);
    for (const { id } of page) {
      if (await skipIfMoved(() => step(id))) moved += 1;
      else failed.push(id);
    }
    if (page.length < BATCH) return moved;
  }
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
