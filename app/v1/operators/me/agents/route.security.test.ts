import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getOperator } from '@/app/v1/operators/me/route';
import { getDatabase } from '@/db/client';
import { apiKeys, users } from '@/db/schema';
import type { RouteHandler } from '@/lib/api/route';
import { SCOPES } from '@/lib/auth/scopes';
import { chargeTask, createAgentViaApi, insertTask } from '@/test/agents';
import { envelope } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { call } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { POST as rotate } from './[agentId]/keys/route';
import { DELETE as remove, PATCH as update } from './[agentId]/route';
import { GET as spending } from './[agentId]/spending/route';
import { GET as tasks } from './[agentId]/tasks/route';
import { GET as usage } from './[agentId]/usage/route';
import { POST as create, GET as list } from './route';

const PATH = '/v1/operators/me/agents';

/** The six operations on one agent, each with a harmless-looking but meaningful request. */
const PER_AGENT: { label: string; handler: RouteHandler; suffix: string; body?: unknown }[] = [
  { label: 'PATCH', handler: update, suffix: '', body: { name: 'Hijacked', spendingLimitCents: null } },
  { label: 'DELETE', handler: remove, suffix: '' },
  { label: 'POST keys', handler: rotate, suffix: '/keys' },
  { label: 'GET tasks', handler: tasks, suffix: '/tasks' },
  { label: 'GET usage', handler: usage, suffix: '/usage' },
  { label: 'GET spending', handler: spending, suffix: '/spending' },
];

const callOn = (op: (typeof PER_AGENT)[number], agentId: string, token?: string) =>
  call(op.handler, `${PATH}/${agentId}${op.suffix}`, { token, params: { agentId }, body: op.body });

const NO_SUCH_AGENT = envelope('NOT_FOUND', {
  message: 'No such agent',
  hint: 'Check the id with GET /v1/operators/me/agents; deleted agents and other operators’ agents are not found.',
});

const SESSION_ONLY = envelope('FORBIDDEN', {
  message: 'This operation requires a session token',
  hint: 'Sign in as a human (POST /v1/auth/sessions) and send the session token; API keys cannot call it.',
});

describe('/v1/operators/me/agents: isolation between operators', () => {
  it('answers 404 to another operator on every operation of an agent, and changes nothing', async () => {
    const a = await signUpViaApi('op-a');
    const b = await signUpViaApi('op-b');
    const agent = await createAgentViaApi(a.token, { name: 'Private', spendingLimitCents: 5_000 });
    const task = await insertTask(agent.id, { status: 'posted', title: 'Secret errand' });
    await chargeTask(task, a.userId, 2_300);

    for (const op of PER_AGENT) {
      const res = await callOn(op, agent.id, b.token);
      expect(res.status, op.label).toBe(404);
      expect(res.json, op.label).toEqual(NO_SUCH_AGENT);
      expect(res.text).not.toContain('Secret errand');
    }
    expect((await call(list, PATH, { token: b.token })).json).toEqual({ data: [] });

    // A's agent is as it was: same name and cap, not deleted, its key still works.
    expect((await call(getOperator, '/v1/operators/me', { token: agent.key })).status).toBe(200);
    const listed = await call(list, PATH, { token: a.token });
    expect(listed.json.data).toEqual([
      expect.objectContaining({
        id: agent.id,
        name: 'Private',
        spendingLimitCents: 5_000,
        activeKeyCount: 1,
        taskCount: 1,
        totalSpentCents: 2_300,
      }),
    ]);
  });

  it('answers 404 for a deleted agent, an unowned agent, a human, an unknown id and a malformed id', async () => {
    const a = await signUpViaApi('op-a');
    const { db } = await getDatabase();
    const deleted = await createAgentViaApi(a.token, { name: 'Deleted' });
    const gone = await call(remove, `${PATH}/${deleted.id}`, { token: a.token, params: { agentId: deleted.id } });
    expect(gone.status).toBe(200);
    const unowned = await insertUser(db, { type: 'agent', email: null, ownerId: null });
    const human = await insertUser(db, { type: 'human', ownerId: a.userId });

    for (const agentId of [deleted.id, unowned.id, human.id, a.userId, randomUUID()]) {
      for (const op of PER_AGENT) {
        const res = await callOn(op, agentId, a.token);
        expect(res.status, `${op.label} ${agentId}`).toBe(404);
        expect(res.json).toEqual(NO_SUCH_AGENT);
      }
    }
    for (const agentId of ['not-a-uuid', '123', `${randomUUID()}x`]) {
      for (const op of PER_AGENT) {
        const res = await callOn(op, agentId, a.token);
        expect(res.status, `${op.label} ${agentId}`).toBe(404);
        expect(res.json).toEqual(envelope('NOT_FOUND'));
      }
    }
    // Nothing was changed on the way: the human is no agent, the unowned agent got no key.
    const [humanRow] = await db.select().from(users).where(eq(users.id, human.id));
    expect(humanRow).toMatchObject({ type: 'human', deletedAt: null, name: 'Test User' });
    expect(await db.select().from(apiKeys).where(eq(apiKeys.userId, unowned.id))).toEqual([]);
  });
});

describe('/v1/operators/me/agents: credentials', () => {
  it('refuses API keys with 403 on all eight operations, even the operator’s own key, and changes nothing', async () => {
    const a = await signUpViaApi('op-a');
    const { db } = await getDatabase();
    const agent = await createAgentViaApi(a.token, { name: 'Keyed' });
    const operatorKey = await insertApiKey(db, { userId: a.userId, scopes: [...SCOPES] });

    for (const key of [operatorKey.key, agent.key]) {
      const collection = [
        await call(create, PATH, { token: key, body: { name: 'By key' } }),
        await call(list, PATH, { token: key }),
      ];
      const perAgent = [];
      for (const op of PER_AGENT) perAgent.push(await callOn(op, agent.id, key));
      for (const res of [...collection, ...perAgent]) {
        expect(res.status).toBe(403);
        expect(res.json).toEqual(SESSION_ONLY);
      }
    }

    // The agent was not renamed, deleted or rotated, and no agent was created by a key.
    expect((await call(getOperator, '/v1/operators/me', { token: agent.key })).status).toBe(200);
    const listed = await call(list, PATH, { token: a.token });
    expect(listed.json.data).toEqual([expect.objectContaining({ id: agent.id, name: 'Keyed', activeKeyCount: 1 })]);
  });

  it('answers 401 without a credential or with a revoked one', async () => {
    const a = await signUpViaApi('op-a');
    const agent = await createAgentViaApi(a.token);
    const unauthorized = envelope('UNAUTHORIZED');
    expect((await call(create, PATH, { body: { name: 'Anon' } })).json).toEqual(unauthorized);
    expect((await call(list, PATH, {})).json).toEqual(unauthorized);
    for (const op of PER_AGENT) {
      const res = await callOn(op, agent.id);
      expect(res.status, op.label).toBe(401);
      expect(res.json).toEqual(unauthorized);
    }
    const revoked = await call(remove, `${PATH}/${agent.id}`, { token: a.token, params: { agentId: agent.id } });
    expect(revoked.status).toBe(200);
    // The deleted agent's own key is refused as unknown (401) before the kind of credential is looked at.
    const res = await call(list, PATH, { token: agent.key });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(unauthorized);
  });

  it('never returns a key hash, and returns a key only from create and rotate', async () => {
    const a = await signUpViaApi('op-a');
    const agent = await createAgentViaApi(a.token);
    const { db } = await getDatabase();
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.userId, agent.id));
    const hash = row?.keyHash ?? '';
    expect(hash).toHaveLength(64);
    for (const op of PER_AGENT.filter((candidate) => candidate.handler.operation.method === 'GET')) {
      const res = await callOn(op, agent.id, a.token);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(hash);
      expect(res.text).not.toContain(agent.key);
      expect(res.text).not.toContain('lgw_');
    }
    const listed = await call(list, PATH, { token: a.token });
    expect(listed.text).not.toContain(hash);
    expect(listed.text).not.toContain('lgw_');
  });
});
