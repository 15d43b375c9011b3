import type { Database } from '@/db/client';
import { checkLedgerInvariants } from '@/lib/payments/ledger/check-ledger-invariants';
import type { Cluster } from './cluster';
import type { FaultLog } from './faults';
import type { Sample } from './http';
import type { Journal } from './journal';
import type { Receivers } from './receivers';

// The end-of-run checks: what the clients were told (the journal, the samples) against what the database
// holds. Each gives a PASS or FAIL line with its figures.

export type Check = { name: string; pass: boolean; figures: string; details: string[] };

type Inputs = {
  samples: Sample[];
  journal: Journal;
  faults: FaultLog;
  cluster: Cluster;
  database: Database;
  receivers: Receivers;
  endpointIds: string[];
  graceSeconds: number;
};

const REFUSED = 'ECONNREFUSED';
/** The unique mark of a task the soak created: its title, or a booking's instructions. */
const SOAK_MARK = `(case when service_id is null then title else instructions end)`;

export async function runChecks(inputs: Inputs): Promise<Check[]> {
  return [
    serverErrors(inputs),
    deploys(inputs),
    await acknowledgedWrites(inputs),
    await nothingTwice(inputs),
    await ledger(inputs),
    await paymentsOnTheBooks(inputs),
    await webhooks(inputs),
    longPolls(inputs),
    await leases(inputs),
  ];
}

function check(name: string, details: string[], figures: string): Check {
  return { name, pass: details.length === 0, figures, details: details.slice(0, 10) };
}

/** No 5xx at all; a failed connection only while its instance was being killed (or refused, then sent elsewhere). */
function serverErrors({ samples, faults }: Inputs): Check {
  const fiveXx = samples.filter((s) => s.status >= 500);
  const dropped = samples.filter((s) => s.status === 0);
  const excused = dropped.filter(
    (s) =>
      s.error === REFUSED ||
      faults.inside(s.at, ['sigkill'], s.instance) ||
      faults.inside(s.at + s.ms, ['sigkill'], s.instance),
  );
  const details = [
    ...fiveXx.map((s) => `${s.status} on ${s.op} (${s.instance}, ${s.phase}${windowOf(faults, s)})`),
    ...dropped
      .filter((s) => !excused.includes(s))
      .map((s) => `connection ${s.error} on ${s.op} (${s.instance}, ${s.phase}${windowOf(faults, s)})`),
  ];
  return check(
    'no 5xx; connection errors only during a kill',
    details,
    `${samples.length} answers, ${fiveXx.length} 5xx, ${dropped.length} connection errors (${excused.length} in a kill window or refused)`,
  );
}

function windowOf(faults: FaultLog, sample: Sample): string {
  const window = faults.inside(sample.at, ['sigkill', 'sigterm', 'pg-restart', 'listen-kill']);
  return window ? `, during ${window.kind} of ${window.target}` : '';
}

/** A deploy (SIGTERM) exits 0 within the grace period + 2 s, and no client of that instance sees a reset. */
function deploys({ samples, faults, graceSeconds }: Inputs): Check {
  const details: string[] = [];
  for (const deploy of faults.deploys) {
    if (deploy.code !== 0) details.push(`${deploy.target} exited with ${deploy.code}`);
    if (deploy.ms > (graceSeconds + 2) * 1000) details.push(`${deploy.target} took ${deploy.ms} ms to exit`);
  }
  const resets = samples.filter(
    (s) => s.status === 0 && s.error !== REFUSED && faults.inside(s.at + s.ms, ['sigterm'], s.instance),
  );
  for (const s of resets.slice(0, 5)) details.push(`${s.op} on ${s.instance}: ${s.error}`);
  const exits = faults.deploys.map((d) => `${(d.ms / 1000).toFixed(1)} s`).join(', ') || 'none';
  return check(
    'a deploy (SIGTERM) drops nobody',
    details,
    `${faults.deploys.length} deploys, exit after ${exits}; ${resets.length} resets`,
  );
}

/** Every 201 task exists, posted or beyond, with its money in escrow; every acknowledged message is in its thread. */
async function acknowledgedWrites({ journal, cluster }: Inputs): Promise<Check> {
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
async function nothingTwice({ journal, cluster, samples }: Inputs): Promise<Check> {
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
async function ledger({ database, cluster }: Inputs): Promise<Check> {
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
async function paymentsOnTheBooks({ cluster }: Inputs): Promise<Check> {
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

/** Every event an endpoint's owner should get arrived at least once under one webhook-id, each attempt logged. */
async function webhooks({ cluster, receivers, endpointIds, faults }: Inputs): Promise<Check> {
  const missingFanOut = await cluster.query<{ id: string; type: string }>(
    `select e.id, e.type from events e join webhook_endpoints w on w.owner_id = any(e.audience)
        and w.livemode = e.livemode and w.created_at <= e.created_at
      where w.id = any($1::uuid[]) and not exists (
        select 1 from webhook_deliveries d where d.event_id = e.id and d.endpoint_id = w.id)`,
    [endpointIds],
  );
  const deliveries = await cluster.query<{
    id: string;
    event_id: string;
    status: string;
    next_attempt_at: Date | null;
    attempts: number;
    logged: number;
  }>(
    `select d.id, d.event_id, d.status, d.next_attempt_at, d.attempts,
        (select count(*) from webhook_attempts a where a.delivery_id = d.id)::int as logged
      from webhook_deliveries d where d.endpoint_id = any($1::uuid[])`,
    [endpointIds],
  );
  const details = missingFanOut.map((e) => `event ${e.id} (${e.type}) queued no delivery to its owner's endpoint`);
  let stranded = 0;
  let arrived = 0;
  for (const delivery of deliveries) {
    const receipts = receivers.receipts.get(delivery.event_id) ?? [];
    if (receipts.length === 0) {
      // Claimed by an instance that was then killed: due again when its 120 s lease runs out.
      const claimedAt = delivery.next_attempt_at ? delivery.next_attempt_at.getTime() - 120_000 : 0;
      if (
        delivery.status === 'pending' &&
        delivery.next_attempt_at &&
        delivery.next_attempt_at.getTime() > Date.now() &&
        faults.inside(claimedAt, ['sigkill', 'sigterm'])
      ) {
        stranded += 1;
        continue;
      }
      details.push(
        `delivery ${delivery.id} of ${delivery.event_id} never arrived (${delivery.status}, ${delivery.attempts} attempts)`,
      );
      continue;
    }
    arrived += 1;
    if (new Set(receipts.map((r) => r.digest)).size > 1)
      details.push(`event ${delivery.event_id} arrived with different bodies`);
    const unlogged = receipts.filter((r) => !faults.inside(r.at, ['sigkill'])).length - delivery.logged;
    if (unlogged > 0) {
      const during = receipts
        .map((r) => faults.inside(r.at, ['sigterm', 'pg-restart', 'listen-kill'])?.kind)
        .find(Boolean);
      details.push(
        `delivery ${delivery.id}: ${receipts.length} requests received, ${delivery.logged} attempts logged${during ? ` (during ${during})` : ''}`,
      );
    }
  }
  const requests = [...receivers.receipts.values()].reduce((n, list) => n + list.length, 0);
  return check(
    'every webhook event arrived, with a stable webhook-id and its attempts logged',
    details,
    `${deliveries.length} deliveries, ${arrived} arrived (${requests} requests), ${stranded} leased by a killed instance and not yet due`,
  );
}

/** Each worker message acknowledged was seen by the agent's waiter, or by its next poll from the cursor. */
function longPolls({ journal }: Inputs): Check {
  const details: string[] = [];
  let sent = 0;
  let woken = 0;
  let caught = 0;
  for (const poll of journal.polls.values()) {
    for (const id of poll.sent) {
      sent += 1;
      if (poll.woken.has(id)) woken += 1;
      else if (poll.caught.has(id)) caught += 1;
      else details.push(`message ${id} on task ${poll.taskId} was never seen by the long poll`);
    }
  }
  return check(
    'no long poll missed a message',
    details,
    `${sent} messages: ${woken} woke a waiter, ${caught} caught by the next poll`,
  );
}

/** No job row still claimed after its lease once the run is over (the killed instance's claims were taken over). */
async function leases({ cluster }: Inputs): Promise<Check> {
  const overdue = await cluster.query<{ what: string; n: number }>(
    `select 'webhook deliveries' as what, count(*)::int as n from webhook_deliveries
        where status = 'pending' and next_attempt_at < now() - interval '30 seconds'
      union all select 'sms', count(*)::int from sms_outbox where status = 'queued' and next_attempt_at < now() - interval '30 seconds'
      union all select 'notification emails', count(*)::int from notification_emails
        where status = 'queued' and next_attempt_at < now() - interval '30 seconds'`,
  );
  const details = overdue
    .filter((row) => row.n > 0)
    .map((row) => `${row.n} ${row.what} due for over 30 s and not picked up`);
  return check(
    'no job row left claimed by a dead instance after its lease',
    details,
    overdue.map((r) => `${r.what} ${r.n}`).join(', '),
  );
}
