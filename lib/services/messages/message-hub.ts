import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '@/db/client';
import { taskMessages } from '@/db/schema';
import { Hub } from '@/lib/realtime/hub';
import { TASK_CHANNEL } from '@/lib/realtime/task-channel';

export const TASK_MESSAGES_CHANNEL = TASK_CHANNEL;

// One hub per database handle (per process in production), kept on globalThis so dev hot reloads reuse it
// instead of LISTENing again.
const holder = globalThis as typeof globalThis & { __legworkMessageHubs?: WeakMap<Db, Hub> };

export function messageHub(database: Database): Hub {
  holder.__legworkMessageHubs ??= new WeakMap();
  let hub = holder.__legworkMessageHubs.get(database.db);
  if (!hub) {
    hub = new Hub({
      channel: TASK_MESSAGES_CHANNEL,
      listen: database.listen,
      recheck: (taskIds, windowMs) => recentlyActive(database.db, taskIds, windowMs),
    });
    holder.__legworkMessageHubs.set(database.db, hub);
  }
  return hub;
}

async function recentlyActive(db: Db, taskIds: string[], windowMs: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ taskId: taskMessages.taskId })
    .from(taskMessages)
    .where(
      and(
        inArray(taskMessages.taskId, taskIds),
        gt(taskMessages.createdAt, sql`clock_timestamp() - ${windowMs} * interval '1 millisecond'`),
      ),
    );
  return rows.map((row) => row.taskId);
}
