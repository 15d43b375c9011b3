import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { execute } from '@/db/execute';
import { type TaskStatus, taskStatus } from '@/db/schema/tasks';
import { deploymentLivemode } from '@/lib/payments/get-processor';
import { checkLedger, type LedgerCheck } from '@/lib/services/money/check-ledger';
import { feesSql, gmvSql } from './admin-money';
import { countAccounts } from './count-accounts';

export type AdminStats = {
  /** Live only with a live Stripe key. */
  livemode: boolean;
  /** `people + agents`. */
  users: number;
  people: number;
  agents: number;
  listedWorkers: number;
  tasksByStatus: Record<TaskStatus, number>;
  gmvCents30d: number;
  feesCents30d: number;
  openDisputes: number;
  openIntake: number;
  failingWebhookEndpoints: number;
  ledger: LedgerCheck;
};

type CountsRow = {
  listed_workers: string;
  open_disputes: string;
  open_intake: string;
  failing_webhook_endpoints: string;
};

// A failing webhook endpoint is a live one whose latest attempted delivery did not succeed. The ledger check runs
// on every call.
export async function getAdminStats(db: Executor): Promise<AdminStats> {
  const livemode = deploymentLivemode();
  const since = sql`now() - interval '30 days'`;
  const [counts] = await execute<CountsRow>(
    db,
    sql`select
      (select count(*) from worker_profiles where is_listed)::text as listed_workers,
      (select count(*) from disputes where status = 'open')::text as open_disputes,
      (select count(*) from intake_conversations where status = 'open')::text as open_intake,
      (select count(*) from webhook_endpoints w
        where w.deleted_at is null and w.disabled_at is null and (
          select d.status <> 'succeeded' from webhook_deliveries d
          where d.endpoint_id = w.id and d.attempts > 0
          order by d.last_attempt_at desc nulls last, d.id desc limit 1
        ))::text as failing_webhook_endpoints`,
  );
  const accounts = await countAccounts(db);
  const statuses = await execute<{ status: TaskStatus; count: string }>(
    db,
    sql`select status, count(*)::text as count from tasks where livemode = ${livemode} group by status`,
  );
  const [gmv] = await execute<{ gmv_cents: string }>(db, gmvSql(livemode, since));
  const [fees] = await execute<{ fees_cents: string }>(db, feesSql(livemode, since));
  const tasksByStatus = Object.fromEntries(taskStatus.enumValues.map((status) => [status, 0])) as Record<
    TaskStatus,
    number
  >;
  for (const row of statuses) tasksByStatus[row.status] = Number(row.count);
  return {
    livemode,
    users: accounts.people + accounts.agents,
    ...accounts,
    listedWorkers: Number(counts?.listed_workers ?? 0),
    tasksByStatus,
    gmvCents30d: Number(gmv?.gmv_cents ?? 0),
    feesCents30d: Number(fees?.fees_cents ?? 0),
    openDisputes: Number(counts?.open_disputes ?? 0),
    openIntake: Number(counts?.open_intake ?? 0),
    failingWebhookEndpoints: Number(counts?.failing_webhook_endpoints ?? 0),
    ledger: await checkLedger(db),
  };
}
