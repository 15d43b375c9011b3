import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { tasks, tips } from '@/db/schema';

/** A task's paid tips, newest first (its pages show them to both sides). */
export async function listTaskTips(db: Executor, taskId: string) {
  return db
    .select({ id: tips.id, amountCents: tips.amountCents, source: tips.source, paidAt: tips.paidAt })
    .from(tips)
    .where(and(eq(tips.taskId, taskId), eq(tips.status, 'paid')))
    .orderBy(desc(tips.createdAt), desc(tips.id));
}

export type ListWorkerTipsOptions = { workerId: string; livemode: boolean; limit: number };

/** A worker's paid tips, newest first, with their task and whether the transfer has been sent. */
export async function listWorkerTips(db: Executor, { workerId, livemode, limit }: ListWorkerTipsOptions) {
  const rows = await db
    .select({
      id: tips.id,
      taskId: tips.taskId,
      title: tasks.title,
      amountCents: tips.amountCents,
      paidAt: tips.paidAt,
      createdAt: tips.createdAt,
      transferProcessorId: tips.transferProcessorId,
    })
    .from(tips)
    .innerJoin(tasks, eq(tasks.id, tips.taskId))
    .where(and(eq(tips.workerId, workerId), eq(tips.livemode, livemode), eq(tips.status, 'paid')))
    .orderBy(desc(tips.createdAt), desc(tips.id))
    .limit(limit);
  return rows.map(({ transferProcessorId, ...row }) => ({ ...row, sent: transferProcessorId !== null }));
}
