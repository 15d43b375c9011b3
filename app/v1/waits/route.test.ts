import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getClaimWaitRoute } from '@/app/v1/agents/claim/[claimToken]/waits/[id]/route';
import { POST as createClaimWaitRoute } from '@/app/v1/agents/claim/[claimToken]/waits/route';
import { getDatabase } from '@/db/client';
import { agentWaits } from '@/db/schema';
import { completeClaim } from '@/lib/services/claims/complete-claim';
import { settleWaitsOf, sweepWaits } from '@/lib/services/waits/sweep-waits';
import { waitThread as thread } from '@/mcp/testing/wait-thread';
import { expireClaim, proposeTask } from '@/test/cold-start';
import { insertApiKey } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { posted, sleep } from '@/test/messages';
import { payerWithCard, paymentsSetup, withoutStripe } from '@/test/payments';
import { callAction, taskBetween, taskParties } from '@/test/tasks';
import { POST as cancelWaitRoute } from './[id]/cancel/route';
import { GET as getWaitRoute } from './[id]/route';
import { POST as createWaitRoute } from './route';

// Durable waits, the store behind MCP Tasks: created once, read from anywhere, finished by what the humans do.
withoutStripe();

const create = (token: string, body: unknown) => call(createWaitRoute, '/v1/waits', { token, body, ip: uniqueIp() });
const read = (token: string, id: string, timeoutSec?: number) =>
  call(getWaitRoute, `/v1/waits/${id}`, {
    token,
    params: { id },
    query: timeoutSec === undefined ? {} : { timeoutSec: String(timeoutSec) },
    ip: uniqueIp(),
  });
const cancel = (token: string, id: string) =>
  call(cancelWaitRoute, `/v1/waits/${id}/cancel`, { token, params: { id }, ip: uniqueIp() });

describe('POST /v1/waits and GET /v1/waits/{id}', () => {
  it('a message wait finishes when the worker writes, waking a long poll, with the messages as its result', async () => {
    const { parties, task } = await thread();
    await posted(parties.agent.token, task.id, 'Is the shop open?');
    const created = await create(parties.agent.token, { kind: 'message', taskId: task.id, ttlSeconds: 600 });
    expect(created.status, created.text).toBe(201);
    const wait = created.json.data;
    expect(wait).toMatchObject({ kind: 'message', taskId: task.id, status: 'working', result: null, error: null });
    expect(wait.ttlMs).toBe(600_000);

    const polling = read(parties.agent.token, wait.id, 20);
    await sleep(300);
    const message = await posted(parties.worker.token, task.id, 'Yes, until 6');
    const started = performance.now();
    const answer = await polling;
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.data).toMatchObject({
      id: wait.id,
      status: 'completed',
      result: { outcome: 'message', messages: [message], cursor: message.id },
    });
    // Finished once: a later message does not change the result.
    await posted(parties.worker.token, task.id, 'And on Sundays');
    expect((await read(parties.agent.token, wait.id)).json.data.result.messages).toEqual([message]);
  });

  it('finishes at once when the worker already wrote after your latest message', async () => {
    const { parties, task } = await thread();
    await posted(parties.agent.token, task.id, 'Hello');
    const reply = await posted(parties.worker.token, task.id, 'Hi');
    const res = await create(parties.agent.token, { kind: 'message', taskId: task.id });
    expect(res.json.data).toMatchObject({ status: 'completed', result: { messages: [reply] } });
  });

  it('a task_status wait finishes when the task reaches the status, without anyone polling', async () => {
    const { parties, task } = await thread();
    const res = await create(parties.agent.token, { kind: 'task_status', taskId: task.id, statuses: ['posted'] });
    expect(res.json.data.status).toBe('working');
    const withdrawn = await callAction('withdraw', task.id, parties.worker.token);
    expect(withdrawn.status, withdrawn.text).toBe(200);
    // What the instances' LISTEN does on the wake-up (lib/jobs runs it), called here directly.
    expect(await settleWaitsOf((await getDatabase()).db, [task.id])).toBe(1);
    const [row] = await (await getDatabase()).db.select().from(agentWaits).where(eq(agentWaits.id, res.json.data.id));
    expect(row).toMatchObject({ status: 'completed', outcome: { outcome: 'status', status: 'posted' } });
    expect((await read(parties.agent.token, row?.id ?? '')).json.data.result).toEqual({
      outcome: 'status',
      taskStatus: 'posted',
    });
  });

  it('completes with `deadline` when the deadline passes, and the sweep forgets it after its TTL', async () => {
    const { parties, task } = await thread();
    const deadline = new Date(Date.now() + 1_000).toISOString();
    const res = await create(parties.agent.token, { kind: 'message', taskId: task.id, deadline });
    const { id, expiresAt } = res.json.data;
    expect(new Date(expiresAt).getTime()).toBeGreaterThanOrEqual(new Date(deadline).getTime() + 3_600_000 - 5);
    const started = performance.now();
    const answer = await read(parties.agent.token, id, 30);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(answer.json.data).toMatchObject({ status: 'completed', result: { outcome: 'deadline' } });

    const { db } = await getDatabase();
    await db.update(agentWaits).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(agentWaits.id, id));
    expect((await read(parties.agent.token, id)).status).toBe(404);
    expect((await sweepWaits(db)).forgotten).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(agentWaits).where(eq(agentWaits.id, id))).toEqual([]);
  });

  it('belongs to the key that made it: another key of the same agent, another agent, a made-up id get 404', async () => {
    const { parties, task } = await thread();
    const { id } = (await create(parties.agent.token, { kind: 'message', taskId: task.id })).json.data;
    const { db } = await getDatabase();
    const { key: sibling } = await insertApiKey(db, {
      userId: parties.agent.id,
      mode: 'test',
      scopes: ['tasks:read', 'messages:read'],
    });
    const stranger = (await thread()).parties.agent.token;
    for (const token of [sibling, stranger]) {
      const res = await read(token, id);
      expect(res.status).toBe(404);
      expect(res.json.error).toMatchObject({ code: 'NOT_FOUND', message: 'Wait not found' });
      expect((await cancel(token, id)).status).toBe(404);
    }
    expect((await read(parties.agent.token, crypto.randomUUID())).status).toBe(404);
    expect((await read(parties.agent.token, id)).json.data.status).toBe('working');
  });

  it('cancels a working wait once; a finished one is a 409', async () => {
    const { parties, task } = await thread();
    const { id } = (await create(parties.agent.token, { kind: 'message', taskId: task.id })).json.data;
    const cancelled = await cancel(parties.agent.token, id);
    expect(cancelled.json.data).toMatchObject({ status: 'cancelled', statusMessage: 'Cancelled by the caller.' });
    expect((await cancel(parties.agent.token, id)).json.data.status).toBe('cancelled');
    await posted(parties.worker.token, task.id, 'Too late');
    expect((await read(parties.agent.token, id)).json.data.status).toBe('cancelled');

    const done = await posted(parties.worker.token, task.id, 'Again');
    const second = await create(parties.agent.token, { kind: 'message', taskId: task.id });
    expect(second.json.data.result.messages.at(-1)).toEqual(done);
    const refused = await cancel(parties.agent.token, second.json.data.id);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('CONFLICT');
  });

  it('refuses bad input with the field named, a foreign task with 404, and a message wait without the scope', async () => {
    const { parties, task } = await thread();
    const cases: [unknown, string][] = [
      [{ kind: 'task_status', taskId: task.id }, 'statuses'],
      [{ kind: 'message', taskId: task.id, statuses: ['posted'] }, 'statuses'],
      [{ kind: 'task_status', taskId: task.id, statuses: ['gone'] }, 'statuses.0'],
      [{ kind: 'message', taskId: task.id, ttlSeconds: 5 }, 'ttlSeconds'],
      [{ kind: 'message', taskId: task.id, deadline: 'tomorrow' }, 'deadline'],
      [{ kind: 'message', taskId: task.id, deadline: new Date(Date.now() + 8 * 86_400_000).toISOString() }, 'deadline'],
      [{ kind: 'sleep', taskId: task.id }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const res = await create(parties.agent.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.issues.map((issue: { path: string[] }) => issue.path.join('.'))).toContain(field);
    }
    const foreign = await taskBetween(await taskParties(), 'accepted');
    expect((await create(parties.agent.token, { kind: 'message', taskId: foreign.id })).status).toBe(404);
    const { db } = await getDatabase();
    const { key: tasksOnly } = await insertApiKey(db, {
      userId: parties.agent.id,
      mode: 'test',
      scopes: ['tasks:read'],
    });
    const refused = await create(tasksOnly, { kind: 'message', taskId: task.id });
    expect(refused.status).toBe(403);
    expect(refused.json.error.details).toEqual({ requiredScope: 'messages:read' });
    expect((await create(tasksOnly, { kind: 'task_status', taskId: task.id, statuses: ['completed'] })).status).toBe(
      201,
    );
  });
});

describe('claim waits (no API key yet)', () => {
  const createClaimWait = (claimToken: string, body: unknown = {}) =>
    call(createClaimWaitRoute, `/v1/agents/claim/${claimToken}/waits`, {
      params: { claimToken },
      body,
      ip: uniqueIp(),
    });
  const readClaimWait = (claimToken: string, id: string) =>
    call(getClaimWaitRoute, `/v1/agents/claim/${claimToken}/waits/${id}`, {
      params: { claimToken, id },
      ip: uniqueIp(),
    });

  it('finishes `claimed` when the human pays; another claim token gets 404', async () => {
    const { db, processor } = await paymentsSetup();
    const proposal = await proposeTask();
    const created = await createClaimWait(proposal.claimToken);
    expect(created.status, created.text).toBe(201);
    const { id } = created.json.data;
    expect(created.json.data).toMatchObject({ kind: 'claim', status: 'working', taskId: proposal.task.id });
    const other = await proposeTask();
    expect((await readClaimWait(other.claimToken, id)).status).toBe(404);
    expect((await readClaimWait('not-a-claim-token', id)).json.error.code).toBe('CLAIM_NOT_FOUND');

    const human = await payerWithCard();
    await completeClaim(db, { processor, acceptTerms: true, humanToken: proposal.humanToken, userId: human.id });
    expect((await readClaimWait(proposal.claimToken, id)).json.data).toMatchObject({
      status: 'completed',
      result: { outcome: 'claimed' },
    });
  });

  it('fails with CLAIM_EXPIRED when the claim expires first', async () => {
    const proposal = await proposeTask();
    const { id } = (await createClaimWait(proposal.claimToken)).json.data;
    await expireClaim(proposal.claimToken);
    expect((await readClaimWait(proposal.claimToken, id)).json.data).toMatchObject({
      status: 'failed',
      error: { code: 'CLAIM_EXPIRED' },
      result: null,
    });
  });
});
