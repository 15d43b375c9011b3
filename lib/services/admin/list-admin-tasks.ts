import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@/db/client';
import { beforeCursor, cursorAt, decodeCursor, pageOf } from '@/db/cursor';
import { disputes, type TaskStatus, tasks, users } from '@/db/schema';
import { adminSearch } from './admin-search';

export type ListAdminTasks = { status?: TaskStatus; q?: string; cursor?: string; limit?: number };

const requester = alias(users, 'requester');
const worker = alias(users, 'worker');

export async function listAdminTasks(db: Executor, { status, q, cursor, limit = 20 }: ListAdminTasks) {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const rows = await db
    .select({
      id: tasks.id,
      title: tasks.title,
      status: tasks.status,
      requester: { id: requester.id, email: requester.email, name: requester.name },
      workerId: worker.id,
      workerName: worker.name,
      budgetCents: tasks.budgetCents,
      totalCents: tasks.totalCents,
      livemode: tasks.livemode,
      createdAt: tasks.createdAt,
      disputeId: disputes.id,
      cursorAt: cursorAt(tasks.createdAt),
    })
    .from(tasks)
    .innerJoin(requester, eq(requester.id, tasks.requesterId))
    .leftJoin(worker, eq(worker.id, tasks.workerId))
    .leftJoin(disputes, eq(disputes.taskId, tasks.id))
    .where(
      and(
        status ? eq(tasks.status, status) : undefined,
        adminSearch(q, tasks.id, [tasks.title]),
        beforeCursor(tasks.createdAt, tasks.id, after),
      ),
    )
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(limit + 1);
  const { shown, nextCursor } = pageOf(rows, limit, (last) => ({ cursorAt: last.cursorAt, id: last.id }));
  const data = shown.map(({ cursorAt: _, workerId, workerName, createdAt, ...task }) => ({
    ...task,
    createdAt: createdAt.toISOString(),
    worker: workerId ? { id: workerId, name: workerName } : null,
  }));
  return { data, nextCursor };
}
