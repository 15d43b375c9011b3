import { getTableColumns } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type Task, tasks } from '@/db/schema';
import { createBatchLoader } from '@/lib/auth/batch-loader';
import { sideOf } from './side-of';
import { taskNotFound } from './task-not-found';
import { toTaskResource } from './to-task-resource';
import { visibleOrNotFound } from './visible-or-not-found';

// On agents' hot path (polling): the tasks asked for in one turn of the event loop are read with one prepared
// statement. Columns are aliased to the schema's property names, so a row is a `Task` as Drizzle returns it.
const TASK_COLUMNS = Object.entries(getTableColumns(tasks))
  .map(([property, column]) => `t.${column.name} as "${property}"`)
  .join(', ');

const VIEW_SQL = `select ${TASK_COLUMNS}, u.owner_id as "requesterOwnerId", k.viewer as "viewer",
    exists (select 1 from worker_profiles w where w.user_id = k.viewer and w.is_listed) as "callerListed"
  from unnest($1::uuid[], $2::uuid[]) as k(task_id, viewer)
  join tasks t on t.id = k.task_id
  join users u on u.id = t.requester_id`;

type ViewRow = Task & { requesterOwnerId: string | null; viewer: string; callerListed: boolean };
type ViewKey = { taskId: string; viewerId: string };

export type ViewTaskOptions = { taskId: string; viewerId: string; livemode: boolean };

export async function viewTask(database: Database, { taskId, viewerId, livemode }: ViewTaskOptions) {
  const row = await loaderFor(database)({ taskId, viewerId });
  if (!row) throw taskNotFound();
  const { requesterOwnerId, viewer: _viewer, callerListed, ...task } = row;
  const side = sideOf(task, requesterOwnerId, viewerId);
  if (side === null && task.livemode !== livemode) throw taskNotFound();
  const access = visibleOrNotFound({
    task,
    side,
    requesterOwnerId,
    callerListed: Boolean(callerListed),
  });
  return toTaskResource(access.task, access);
}

const loaders = new WeakMap<Database, (key: ViewKey) => Promise<ViewRow | undefined>>();

function loaderFor(database: Database) {
  let load = loaders.get(database);
  if (!load) {
    load = createBatchLoader(async (keys: ViewKey[]) => {
      const rows = await database.query<ViewRow>('view_tasks', VIEW_SQL, [
        keys.map((key) => key.taskId),
        keys.map((key) => key.viewerId),
      ]);
      const byKey = new Map(rows.map((row) => [`${row.id}:${row.viewer}`, row]));
      return keys.map((key) => byKey.get(`${key.taskId}:${key.viewerId}`));
    });
    loaders.set(database, load);
  }
  return load;
}
