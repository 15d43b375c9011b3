import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { execute } from '@/db/execute';
import { deploymentLivemode } from '@/lib/payments/get-processor';
import { gmvSql } from './admin-money';

export type AdminDay = { day: string; tasks: number; gmvCents: number };

export async function getAdminDailySeries(db: Executor, { days = 30 }: { days?: number } = {}): Promise<AdminDay[]> {
  const livemode = deploymentLivemode();
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const first = new Date(today.getTime() - (days - 1) * 86_400_000);
  const since = sql`${first.toISOString()}::timestamptz`;
  const dayOf = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`);
  const created = await execute<{ day: string; tasks: string }>(
    db,
    sql`select ${dayOf('created_at')} as day, count(*)::text as tasks from tasks
      where livemode = ${livemode} and created_at >= ${since} group by 1`,
  );
  const funded = await execute<{ day: string; gmv_cents: string }>(db, gmvSql(livemode, since, dayOf('t.created_at')));
  const tasksOn = new Map(created.map((row) => [row.day, Number(row.tasks)]));
  const gmvOn = new Map(funded.map((row) => [row.day, Number(row.gmv_cents)]));
  return Array.from({ length: days }, (_, index) => {
    const day = new Date(first.getTime() + index * 86_400_000).toISOString().slice(0, 10);
    return { day, tasks: tasksOn.get(day) ?? 0, gmvCents: gmvOn.get(day) ?? 0 };
  });
}
