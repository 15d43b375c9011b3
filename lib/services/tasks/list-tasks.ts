import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { containsPattern } from '@/db/contains-pattern';
import { decodeCursor, encodeCursor } from '@/db/cursor';
import { execute } from '@/db/execute';
import { tasks } from '@/db/schema';
import type { TaskStatus } from '@/lib/schemas/tasks';
import { toTaskResource } from './to-task-resource';

export type TaskListQuery = {
  cursor?: string;
  limit: number;
  status?: TaskStatus[];
  /** `requester`: tasks the caller (or their agents) requested; `worker`: tasks assigned to them; absent: both. */
  role?: 'requester' | 'worker';
  requesterId?: string;
  createdFrom?: string;
  createdBefore?: string;
  search?: string;
};

// Each source (own requests, each agent's, assignments) is read by its own index-ordered scan cut at the page
// size, and the pieces merged: the cost follows the page size, not how many tasks exist.
export async function listTasks(db: Executor, userId: string, query: TaskListQuery) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const take = query.limit + 1;
  const search = query.search?.trim();
  const page = sql`${query.status?.length ? sql`and t.status = any(${toPgArray(query.status)}::task_status[])` : sql``}
    ${query.createdFrom ? sql`and t.created_at >= ${query.createdFrom}::timestamptz` : sql``}
    ${query.createdBefore ? sql`and t.created_at < ${query.createdBefore}::timestamptz` : sql``}
    ${search ? sql`and t.title ilike ${containsPattern(search)}` : sql``}
    ${after ? sql`and (t.created_at, t.id) < (${after.cursorAt}::timestamptz, ${after.id}::uuid)` : sql``}
    order by t.created_at desc, t.id desc limit ${take}`;

  const requested = sql`select p.id, p.created_at from (select id from users where id = ${userId}
      union all select id from users where owner_id = ${userId} and type = 'agent') r
    cross join lateral (select t.id, t.created_at from tasks t where t.requester_id = r.id ${page}) p
    ${query.requesterId ? sql`where r.id = ${query.requesterId}::uuid` : sql``}`;
  const assigned = sql`select t.id, t.created_at from tasks t where t.worker_id = ${userId} ${page}`;
  const sources =
    query.role === 'requester'
      ? requested
      : query.role === 'worker'
        ? assigned
        : sql`(${requested}) union (${assigned})`;

  const keyRows = await execute<{ id: string; cursor_at: string }>(
    db,
    sql`
    select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
    from (${sources}) merged order by created_at desc, id desc limit ${take}`,
  );
  const pageKeys = keyRows.slice(0, query.limit);
  const rows = pageKeys.length
    ? await db
        .select()
        .from(tasks)
        .where(
          inArray(
            tasks.id,
            pageKeys.map((key) => key.id),
          ),
        )
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const last = pageKeys.at(-1);
  return {
    data: pageKeys.flatMap((key) => {
      const task = byId.get(key.id);
      return task ? [toTaskResource(task, { side: task.workerId === userId ? 'worker' : 'requester' })] : [];
    }),
    nextCursor: keyRows.length > query.limit && last ? encodeCursor({ cursorAt: last.cursor_at, id: last.id }) : null,
  };
}

const toPgArray = (values: string[]) => `{${values.join(',')}}`;
