import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { execute } from '@/db/execute';

export type ReadWorkerEarningsOptions = { userId: string; livemode: boolean };

/**
 * A worker's money at a glance. `pendingCents`: the budgets still held in escrow for their accepted and submitted
 * tasks. `paidCents`: transfers the processor took (net of reversals). `nextPayout`: pay already approved but not
 * sent yet, due from `dueAt`, or waiting for a payout account that can receive it.
 */
export type WorkerEarnings = {
  pendingCents: number;
  pendingTasks: number;
  paidCents: number;
  nextPayout: { amountCents: number; tasks: number; dueAt: Date; waitingForPayoutAccount: boolean } | null;
};

type Row = {
  pending: string;
  pending_tasks: string;
  paid: string;
  unsent: string;
  unsent_tasks: string;
  due_at: Date | string | null;
  payouts_enabled: boolean | null;
};

// One round trip for the worker home's three figures.
export async function readWorkerEarnings(
  db: Executor,
  { userId, livemode }: ReadWorkerEarningsOptions,
): Promise<WorkerEarnings> {
  const [row] = await execute<Row>(
    db,
    sql`
    select
      (select coalesce(sum(t.budget_cents), 0) from tasks t
        where t.worker_id = ${userId}::uuid and t.livemode = ${livemode}
          and t.status in ('accepted', 'submitted'))::text as pending,
      (select count(*) from tasks t
        where t.worker_id = ${userId}::uuid and t.livemode = ${livemode}
          and t.status in ('accepted', 'submitted'))::text as pending_tasks,
      (select coalesce(sum(tr.amount_cents - tr.reversed_cents), 0) from transfers tr
        where tr.user_id = ${userId}::uuid and tr.livemode = ${livemode} and tr.processor_id is not null)::text as paid,
      (select coalesce(sum(tr.amount_cents), 0) from transfers tr
        where tr.user_id = ${userId}::uuid and tr.livemode = ${livemode} and tr.processor_id is null)::text as unsent,
      (select count(*) from transfers tr
        where tr.user_id = ${userId}::uuid and tr.livemode = ${livemode} and tr.processor_id is null)::text
        as unsent_tasks,
      (select min(tr.next_attempt_at) from transfers tr
        where tr.user_id = ${userId}::uuid and tr.livemode = ${livemode} and tr.processor_id is null) as due_at,
      (select bool_or(pa.payouts_enabled) from payout_accounts pa
        where pa.user_id = ${userId}::uuid and pa.livemode = ${livemode}) as payouts_enabled`,
  );
  const unsent = Number(row?.unsent ?? 0);
  return {
    pendingCents: Number(row?.pending ?? 0),
    pendingTasks: Number(row?.pending_tasks ?? 0),
    paidCents: Number(row?.paid ?? 0),
    nextPayout:
      unsent > 0 && row?.due_at
        ? {
            amountCents: unsent,
            tasks: Number(row.unsent_tasks),
            dueAt: new Date(row.due_at),
            waitingForPayoutAccount: !row.payouts_enabled,
          }
        : null,
  };
}
