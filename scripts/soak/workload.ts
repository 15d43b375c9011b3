import { randomUUID } from 'node:crypto';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { x402SignerFromAccount } from '@/lib/client/x402-signer';
import { type Answer, type Balancer, sleep } from './http';
import type { Journal, TaskRecord } from './journal';
import type { Agent, Cast, Worker } from './setup';

// The mixed workload, one loop per agent plus the admin's: tasks paid by x402 or by the operator's card, the
// sandbox worker accepting, messages both ways with the agent parked on the long poll, submissions, approvals,
// cancels and disputes (resolved by the admin), and the reads an operator with many keys makes at once. Every
// write carries an Idempotency-Key, resent as is when its connection died (Balancer.call).

type Data<T> = { data: T };
type TaskData = Data<{ id: string; status: string }>;

export function runWorkload(http: Balancer, cast: Cast, journal: Journal, stopped: () => boolean): Promise<unknown> {
  const loops = cast.agents.map((agent) => agentLoop(http, agent, cast.worker, journal, stopped));
  loops.push(adminLoop(http, cast, journal, stopped));
  for (const operator of cast.operators) loops.push(operatorReads(http, operator.keys, operator.ip, stopped));
  return Promise.all(loops);
}

type Signer = ReturnType<typeof x402SignerFromAccount>;

async function agentLoop(http: Balancer, agent: Agent, worker: Worker, journal: Journal, stopped: () => boolean) {
  const signer = x402SignerFromAccount(privateKeyToAccount(generatePrivateKey()), { maxAmountAtomic: 10n ** 9n });
  while (!stopped()) {
    try {
      if (Math.random() < 0.2) await bookingLife(http, agent, worker, journal, signer);
      else await taskLife(http, agent, journal, signer);
    } catch (error) {
      journal.note('agent loop', 0, error instanceof Error ? error.message : String(error));
      await sleep(500);
    }
  }
}

/**
 * A paid create (a task, or a booking): the card, or for x402 the 402 answered with a signed payment under the
 * same Idempotency-Key, as the typed client does. Returns the new task's id, or undefined (noted) when refused.
 */
async function paidCreate(
  http: Balancer,
  journal: Journal,
  record: TaskRecord,
  call: { op: string; path: string; body: object; token: string; ip: string },
  signer: Signer,
): Promise<string | undefined> {
  const { op, path, body, ...as } = call;
  const key = randomUUID();
  let created = await http.call(op, path, { ...as, body, idempotencyKey: key });
  if (created.status === 402 && record.funding === 'x402') {
    const offer = created.body as { accepts?: unknown[]; x402Version?: number };
    const payment = await signer({ x402Version: offer.x402Version ?? 1, accepts: offer.accepts ?? [] });
    created = await http.call(`${op}.x402`, path, {
      ...as,
      body,
      idempotencyKey: key,
      headers: { [payment.header]: payment.value },
    });
  }
  record.status = created.status;
  if (created.status !== 201) {
    journal.note(`${op}(${record.funding})`, created.status, created.body);
    return undefined;
  }
  record.taskId = (created.body as TaskData).data.id;
  record.end = 'open';
  return record.taskId;
}

async function taskLife(http: Balancer, agent: Agent, journal: Journal, signer: Signer) {
  const funding = agent.operator.hasCard && Math.random() < 0.5 ? 'card' : 'x402';
  const record: TaskRecord = { opId: randomUUID(), agentId: agent.id, funding, status: 0 };
  journal.tasks.push(record);
  const as = { token: agent.key, ip: agent.ip };
  const body = { title: `soak ${record.opId}`, budgetCents: 500 + Math.floor(Math.random() * 45) * 100 };
  const taskId = await paidCreate(http, journal, record, { op: 'createTask', path: '/v1/tasks', body, ...as }, signer);
  if (!taskId) return;

  if (Math.random() < 0.1) {
    const cancelled = await act(http, journal, 'cancelTask', `/v1/tasks/${taskId}/cancel`, as);
    if (cancelled) record.end = 'cancelled';
    return;
  }
  if (!(await simulate(http, journal, taskId, as, { action: 'accept' }))) return;

  const poll = journal.poll(taskId);
  let talking = true;
  let poller: Promise<void> | undefined;
  const exchanges = 1 + Math.floor(Math.random() * 3);
  for (let i = 0; i < exchanges; i++) {
    const opId = randomUUID();
    const mine = await http.call('postMessage', `/v1/tasks/${taskId}/messages`, {
      ...as,
      body: { body: `soak ${opId}` },
    });
    const mineId = (mine.body as Data<{ id: string }> | undefined)?.data?.id;
    journal.messages.push({ opId, taskId, side: 'requester', status: mine.status, id: mineId });
    if (mine.status !== 201) journal.note('postMessage', mine.status, mine.body);
    // The waiter parks from a cursor (its own first message): without one it would see only what arrives after
    // its request lands, and a reply written first would be missed by design, not by a fault.
    poller ??= mineId ? longPoll(http, agent, taskId, journal, () => !talking, mineId) : undefined;
    if (!poller) break;
    const workerOp = randomUUID();
    const theirs = await http.call('simulate.message', `/v1/sandbox/tasks/${taskId}/simulate`, {
      ...as,
      body: { action: 'message', body: `soak ${workerOp}` },
    });
    const id = (theirs.body as Data<{ message?: { id: string } }> | undefined)?.data?.message?.id;
    journal.messages.push({ opId: workerOp, taskId, side: 'worker', status: theirs.status, id });
    if (theirs.status === 200 && id) poll.sent.push(id);
    else journal.note('simulate.message', theirs.status, theirs.body);
    await sleep(100 + Math.random() * 300);
  }
  talking = false;
  await poller;

  if (!(await simulate(http, journal, taskId, as, { action: 'submit' }))) return;
  if (Math.random() < 0.15) {
    const disputed = await http.call('disputeTask', `/v1/tasks/${taskId}/dispute`, { ...as, body: { reason: 'soak' } });
    if (disputed.status === 200) {
      record.end = 'disputed';
      journal.disputes.push({ taskId, resolved: false });
    } else journal.note('disputeTask', disputed.status, disputed.body);
    return;
  }
  if (await act(http, journal, 'approveTask', `/v1/tasks/${taskId}/approve`, as)) record.end = 'approved';
}

let slot = 0;
const FIRST_SLOT = Math.ceil((Date.now() + 86_400_000) / 3_600_000) * 3_600_000;

/** A booking of the worker's service, each in a slot of its own. */
async function bookingLife(http: Balancer, agent: Agent, worker: Worker, journal: Journal, signer: Signer) {
  const funding = agent.operator.hasCard && Math.random() < 0.5 ? 'card' : 'x402';
  const record: TaskRecord = { opId: randomUUID(), agentId: agent.id, funding, status: 0, booking: true };
  journal.tasks.push(record);
  const as = { token: agent.key, ip: agent.ip };
  const startsAt = new Date(FIRST_SLOT + slot++ * 30 * 60_000).toISOString();
  const body = { startsAt, instructions: `soak ${record.opId}` };
  const path = `/v1/services/${worker.serviceId}/book`;
  const taskId = await paidCreate(http, journal, record, { op: 'bookService', path, body, ...as }, signer);
  // A booking takes proof only from its slot's start (issue 36), a day ahead here: it stays booked, funded in escrow.
  if (taskId) record.end = 'open';
}

/** The agent parked on the thread's long poll from its cursor until the exchange is over, then once more. */
async function longPoll(
  http: Balancer,
  agent: Agent,
  taskId: string,
  journal: Journal,
  done: () => boolean,
  from: string,
) {
  const poll = journal.poll(taskId);
  let cursor = from;
  let last = false;
  for (;;) {
    const finishing = done();
    const query = `timeoutSec=${finishing ? 1 : 3}&sinceMessageId=${cursor}`;
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await http.call('awaitMessages', `/v1/tasks/${taskId}/messages/await?${query}`, {
        token: agent.key,
        ip: agent.ip,
        timeoutMs: 15_000,
      });
    } catch {
      continue;
    }
    const waited = performance.now() - started > 250;
    const messages = answer.status === 200 ? (answer.body as Data<{ id: string }[]>).data : [];
    if (answer.status !== 200) journal.note('awaitMessages', answer.status, answer.body);
    for (const message of messages) (waited ? poll.woken : poll.caught).add(message.id);
    cursor = messages.at(-1)?.id ?? cursor;
    if (messages.length > 0) continue;
    if (last) return;
    if (finishing) last = true;
  }
}

async function simulate(
  http: Balancer,
  journal: Journal,
  taskId: string,
  as: { token: string; ip: string },
  body: object,
) {
  const answer = await http.call(
    `simulate.${(body as { action: string }).action}`,
    `/v1/sandbox/tasks/${taskId}/simulate`,
    {
      ...as,
      body,
    },
  );
  if (answer.status !== 200) journal.note(`simulate`, answer.status, answer.body);
  return answer.status === 200;
}

async function act(http: Balancer, journal: Journal, op: string, path: string, as: { token: string; ip: string }) {
  const answer = await http.call(op, path, { ...as, method: 'POST' });
  if (answer.status !== 200) journal.note(op, answer.status, answer.body);
  return answer.status === 200;
}

/** The admin resolves open disputes as they come: refund, pay the worker, or split. */
async function adminLoop(http: Balancer, cast: Cast, journal: Journal, stopped: () => boolean) {
  const as = { token: cast.admin.session, ip: cast.admin.ip };
  while (!stopped()) {
    await sleep(1_000);
    const open = await http.call('listDisputes', '/v1/disputes?status=open&limit=50', as).catch(() => undefined);
    if (open?.status !== 200) continue;
    for (const dispute of (open.body as Data<{ id: string; taskId: string }[]>).data) {
      const outcome = ['refund', 'pay_worker', 'split'][Math.floor(Math.random() * 3)];
      const body = { outcome, note: 'soak ruling', ...(outcome === 'split' ? { workerCents: 100 } : {}) };
      const resolved = await http
        .call('resolveDispute', `/v1/disputes/${dispute.id}/resolve`, { ...as, body })
        .catch(() => undefined);
      if (resolved?.status === 200) {
        const entry = journal.disputes.find((d) => d.taskId === dispute.taskId);
        if (entry) entry.resolved = true;
      } else if (resolved) journal.note('resolveDispute', resolved.status, resolved.body);
    }
  }
}

/** An operator's keys all reading at once: the many-keys-of-one-operator load of the deadlock report. */
async function operatorReads(http: Balancer, keys: string[], ip: string, stopped: () => boolean) {
  while (!stopped()) {
    await Promise.all(
      keys.flatMap((key) => [
        http.call('getOperator', '/v1/operators/me', { token: key, ip }).catch(() => undefined),
        http.call('listTasks', '/v1/tasks?limit=20', { token: key, ip }).catch(() => undefined),
      ]),
    );
    await sleep(200);
  }
}
