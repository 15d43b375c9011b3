import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { execute } from '@/db/execute';

/**
 * Occurrences whose preferred-worker window has lapsed go to everyone: the reservation is cleared and a located
 * task's "new task near you" fan-out is queued now (posting skipped it), in one statement.
 */
export async function releaseTaskReservations(db: Db, { batchSize = 500 }: { batchSize?: number } = {}) {
  const released = await execute<{ id: string }>(
    db,
    sql`with lapsed as (
        update tasks set reserved_for_worker_id = null
        where id in (
          select id from tasks
          where reserved_for_worker_id is not null and reserved_until <= now() and status = 'posted'
          order by reserved_until limit ${batchSize} for update skip locked)
        returning id, lat)
      , queued as (
        insert into nearby_fanouts (task_id) select id from lapsed where lat is not null on conflict do nothing)
      select id from lapsed`,
  );
  return released.length;
}
