import { checkLedgerInvariants } from '@/lib/payments/ledger/check-ledger-invariants';
import { type Check, check, type Inputs } from './verdict';

// The checks of what the database holds: acknowledged writes, no write done twice, the ledger, the payments.

/** The unique mark of a task the soak created: its title, or a booking's instructions. */
const SOAK_MARK = `(case when service_id is null then title else instructions end)`;

/** Every 201 task exists, posted or beyond, with its money in escrow; every acknowledged message is in its thread. */
export async function acknowledgedWrites({ journal, cluster }: Inputs): Promise<Check> {
  const tasks = journal.tasks.filter((t) => t.status === 201 && t.taskId);
  const rows = await cluster.query<{ id: string; status: string; funded: boolean }>(
    `select t.id, t.status, exists (select 1 from ledger_transactions l
        where l.task_id = t.id and l.kind in ('charge', 'x402_receipt')) as funded
      from tasks t where t.id = any($1::uuid[])`,
    [tasks.map((t) => t.taskId)],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const details: string[] = [];
  for (const task of tasks) {
    const row = byId.get(task.taskId ?? '');
    if (!row) details.push(`task ${task.taskId} (201) is missing`);
    else if (row.status === 'draft') details.push(`task ${task.taskId} (201) is still a draft`);
    else if (!row.funded) details.push(`task ${task.taskId} (201, ${task.funding}) has no escrow funding`);
  }
  const messages = journal.messages.filter((m) => (m.status === 201 || m.status === 200) && m.id);
  const stored = await cluster.query<{ id: string; task_id: string }>(
    'select id, task_id from task_messages where id = any($1::uuid[])',
    [messages.map((m) => m.id)],
  );
  const storedIds = new Map(stored.map((row) => [row.id, row.task_id]));
  for (const message of messages) {
    if (storedIds.get(message.id ?? '') !== message.taskId)
      details.push(`message ${message.id} (acknowledged) is not in its thread`);
  }
  return check(
    'every acknowledged write is there',
    details,
    `${tasks.length} tasks and ${messages.length} messages acknowledged, ${rows.length} and ${stored.length} found`,
  );
}

/** One row per logical write: each operation's unique title or body appears at most once. */
export async function nothingTwice({ journal, cluster, samples }: Inputs): Promise<Check> {
  // A booking's title is its service's: its unique mark is in its instructions.
  const twiceTasks = await cluster.query<{ title: string; n: number }>(
    `select ${SOAK_MARK} as title, count(*)::int as n from tasks where ${SOAK_MARK} like 'soak %'
      group by 1 having count(*) > 1`,
  );
  const twiceMessages = await cluster.query<{ body: string; n: number }>(
    `select body, count(*)::int as n from task_messages where body like 'soak %' group by body having count(*) > 1`,
  );
  const retried = samples.filter(
    (s) => s.retried && !s.op.startsWith('await') && !s.op.startsWith('get') && !s.op.startsWith('list'),
  );
  const details = [
    ...twiceTasks.map((row) => `task "${row.title}" exists ${row.n} times`),
    ...twiceMessages.map((row) => `message "${row.body}" exists ${row.n} times`),
  ];
  return check(
    'no retried request did its work twice',
    details,
    `${retried.length} write retries with the same Idempotency-Key; ${journal.tasks.length} task and ${journal.messages.length} message writes`,
  );
}

/** The ledger's invariants hold, every ended task's escrow is empty, and every completed task paid its worker once. */
export async function ledger({ database, cluster }: Inputs): Promise<Check> {
  const violations = await checkLedgerInvariants(database);
  const details = violations.map((v) => `${v.rule}: ${v.detail}`);
  const pay = await cluster.query<{ id: string; releases: number; transfers: number; rows: number }>(
    `select t.id,
        (select count(*) from ledger_transactions l where l.task_id = t.id and l.kind = 'release')::int as releases,
        (select count(*) from ledger_transactions l where l.task_id = t.id and l.kind = 'transfer')::int as transfers,
        (select count(*) from transfers r where r.task_id = t.id)::int as rows
      from tasks t where t.status = 'completed' and ${SOAK_MARK} like 'soak %'`,
  );
  for (const task of pay) {
    if (task.releases > 1 || task.transfers > 1 || task.releases + task.transfers === 0 || task.rows !== 1) {
      details.push(
        `completed task ${task.id}: ${task.releases} releases, ${task.transfers} transfers, ${task.rows} transfer rows`,
      );
    }
  }
  const heldEscrow = await cluster.query<{ id: string; status: string; balance: string }>(
    `select t.id, t.status, sum(e.amount_cents)::text as balance from tasks t
      join ledger_entries e on e.account = (case when t.livemode then 'live' else 'test' end) || ':escrow:task:' || t.id
      where t.status in ('completed', 'cancelled', 'expired', 'resolved') group by t.id, t.status
      having sum(e.amount_cents) <> 0`,
  );
  for (const row of heldEscrow) details.push(`${row.status} task ${row.id} still holds ${row.balance} cents in escrow`);
  const [sum] = await cluster.query<{ sum: string | null }>(
    'select sum(amount_cents)::text as sum from ledger_entries',
  );
  return check(
    'the ledger sums to zero; each completed task paid its worker once',
    details,
    `ledger sum ${sum?.sum ?? 0}, ${violations.length} invariant violations, ${pay.length} completed tasks checked`,
  );
}

/** Every x402 settlement and card capture is in a posted task's escrow or owed back; no retry left a ghost draft. */
export async function paymentsOnTheBooks({ cluster }: Inputs): Promise<Check> {
  const x402 = await cluster.query<{ id: string; task_id: string | null; amount_atomic: string }>(
    `select p.id, p.task_id, p.amount_atomic from x402_payments p where p.status = 'settled'
      and not exists (select 1 from ledger_transactions l join tasks t on t.id = l.task_id
        where l.kind = 'x402_receipt' and l.task_id = p.task_id and t.status <> 'draft')
      and not exists (select 1 from ledger_transactions l where l.idempotency_key like '%:x402:' || p.id || ':unused')`,
  );
  const cards = await cluster.query<{ id: string; task_id: string | null; amount_cents: number }>(
    `select c.id, c.task_id, c.amount_cents from charges c where c.status = 'succeeded'
      and c.refunded_cents < c.amount_cents
      and not exists (select 1 from ledger_transactions l join tasks t on t.id = l.task_id
        where l.kind = 'charge' and l.task_id = c.task_id and t.status <> 'draft')`,
  );
  const ghosts = await cluster.query<{ id: string; title: string }>(
    `select id, ${SOAK_MARK} as title from tasks where status = 'draft' and ${SOAK_MARK} like 'soak %'`,
  );
  const [totals] = await cluster.query<{ settled: number; claimed: number; captured: number }>(
    `select (select count(*) from x402_payments where status = 'settled')::int as settled,
        (select count(*) from x402_payments where status = 'claimed')::int as claimed,
        (select count(*) from charges where status = 'succeeded')::int as captured`,
  );
  const details = [
    ...x402.map(
      (p) =>
        `x402 payment ${p.id} (${Number(p.amount_atomic) / 1e6} USDC, task ${p.task_id}) is neither in escrow nor owed back`,
    ),
    ...cards.map(
      (c) => `card charge ${c.id} (${c.amount_cents} cents, task ${c.task_id}) is neither in escrow nor refunded`,
    ),
    ...ghosts.map((t) => `draft ${t.id} ("${t.title}") left behind`),
  ];
  return check(
    'every payment taken is in escrow or owed back; no ghost task',
    details,
    `${totals?.settled ?? 0} x402 settled (${totals?.claimed ?? 0} claimed, unsettled), ${totals?.captured ?? 0} card captures, ${ghosts.length} ghost drafts`,
  );
}
