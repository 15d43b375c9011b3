import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { type Task, tips } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import { TIP_RULES } from '@/lib/schemas/tips';

const DAY_MS = 86_400_000;

/** 409s for a task that may not take this tip now: not completed, past the window, or over its budget. */
export async function refuseUntippable(tx: Tx, task: Task, amountCents: number, exceptTipId?: string) {
  if (task.status !== 'completed') {
    throw new ApiError('TASK_NOT_COMPLETED', { details: { status: task.status } });
  }
  const completedAt = task.completedAt ?? task.updatedAt;
  if (Date.now() > completedAt.getTime() + TIP_RULES.windowDays * DAY_MS) {
    throw new ApiError('TIP_WINDOW_CLOSED', { details: { completedAt: completedAt.toISOString() } });
  }
  // Under the task's row lock: concurrent tips of one task are summed one after the other.
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${tips.amountCents}), 0)` })
    .from(tips)
    .where(
      and(eq(tips.taskId, task.id), ne(tips.status, 'failed'), exceptTipId ? ne(tips.id, exceptTipId) : undefined),
    );
  const remainingCents = Math.max(0, task.budgetCents - Number(row?.cents ?? 0));
  if (amountCents > remainingCents) {
    throw new ApiError('TIP_EXCEEDS_BUDGET', {
      message: `The task’s tips would exceed its budget of ${task.budgetCents} cents`,
      details: { budgetCents: task.budgetCents, remainingCents },
    });
  }
}
