import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { execute } from '@/db/execute';

/**
 * What a task's money did, as the ledger booked it: still in its escrow, reached the worker (paid out or
 * released to them while their payout account cannot receive it) and refunded to the requester (a card refund,
 * or owed back to an x402 wallet). The platform's fee is the rest.
 */
export type TaskMoney = { heldCents: number; workerCents: number; refundedCents: number };

export const NO_MONEY: TaskMoney = { heldCents: 0, workerCents: 0, refundedCents: 0 };

type Row = { task_id: string; held: string; worker: string; refunded: string };

/**
 * The money of each task in `taskIds`, in one query over their ledger movements; a task with none is absent
 * (read it as NO_MONEY). A worker's held pay counts once: its release is booked to `worker_payable`, and the
 * later transfer moves it within the worker's accounts (net zero).
 */
export async function readTaskMoney(db: Executor, taskIds: (string | null)[]): Promise<Map<string, TaskMoney>> {
  const ids = [...new Set(taskIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const kind = sql`split_part(e.account, ':', 2)`;
  const rows = await execute<Row>(
    db,
    sql`
    select t.task_id::text as task_id,
      coalesce(sum(e.amount_cents) filter (where ${kind} = 'escrow'), 0)::text as held,
      coalesce(sum(e.amount_cents) filter (where ${kind} in ('worker_payable', 'worker_payouts')), 0)::text as worker,
      coalesce(sum(e.amount_cents) filter (where ${kind} = 'refunds'), 0)::text as refunded
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    where t.task_id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      -- A tip is paid beside the task's price, not out of it (docs/payments.md, "Tips").
      and t.kind <> 'tip'
    group by t.task_id`,
  );
  return new Map(
    rows.map((row) => [
      row.task_id,
      { heldCents: Number(row.held), workerCents: Number(row.worker), refundedCents: Number(row.refunded) },
    ]),
  );
}
