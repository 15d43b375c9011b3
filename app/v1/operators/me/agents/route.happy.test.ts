import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getOperator } from '@/app/v1/operators/me/route';
import { getDatabase } from '@/db/client';
import { apiKeys, apiRequestLog, users } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import { sha256Hex } from '@/lib/auth/tokens';
import { chargeTask, createAgentViaApi, insertTask, payWorker, receiveX402, refundCharge } from '@/test/agents';
import { withEnv } from '@/test/env';
import { envelope } from '@/test/expect';
import { insertApiKey } from '@/test/factories';
import { call } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { POST as rotate } from './[agentId]/keys/route';
import { DELETE as remove, PATCH as update } from './[agentId]/route';
import { POST as create, GET as list } from './route';

const PATH = '/v1/operators/me/agents';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const operator = () => signUpViaApi('op');
const listAgents = async (token: string) => (await call(list, PATH, { token })).json.data;
const agentPath = (agentId: string) => ({ path: `${PATH}/${agentId}`, params: { agentId } });

describe('POST /v1/operators/me/agents', () => {
  it('creates an agent owned by the caller with one key of every scope, shown once', async () => {
    const { token, userId } = await operator();
    const res = await call(create, PATH, { token, body: { name: '  Scout  ', spendingLimitCents: 50_000 } });
    expect(res.status).toBe(201);
    const { agent, apiKey } = res.json.data;
    expect(res.json).toEqual({
      data: {
        agent: { id: expect.any(String), name: 'Scout', createdAt: expect.stringMatching(ISO) },
        apiKey: {
          id: expect.any(String),
          key: expect.stringMatching(/^lgw_test_[0-9A-Za-z]{38}$/),
          keyPrefix: apiKey.key.slice(0, 12),
        },
      },
    });

    const { db } = await getDatabase();
    const [row] = await db.select().from(users).where(eq(users.id, agent.id));
    expect(row).toMatchObject({
      type: 'agent',
      ownerId: userId,
      name: 'Scout',
      email: null,
      passwordHash: null,
      spendingLimitCents: 50_000,
      deletedAt: null,
    });
    expect(row?.createdAt.toISOString()).toBe(agent.createdAt);
    const keys = await db.select().from(apiKeys).where(eq(apiKeys.userId, agent.id));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      id: apiKey.id,
      name: 'Scout key',
      keyHash: sha256Hex(apiKey.key),
      scopes: [...SCOPES],
      mode: 'test',
      revokedAt: null,
      expiresAt: null,
      parked: false,
    });
    expect(JSON.stringify(keys)).not.toContain(apiKey.key);

    // The key authenticates as the agent, and the agent's operator is the caller.
    const me = await call(getOperator, '/v1/operators/me', { token: apiKey.key });
    expect(me.status).toBe(200);
    expect(me.json.data.id).toBe(userId);
  });

  it('is idempotent: the same Idempotency-Key replays the first answer and creates nothing more', async () => {
    const { token } = await operator();
    const headers = { 'idempotency-key': `create-agent-${randomUUID()}` };
    const first = await call(create, PATH, { token, headers, body: { name: 'Once' } });
    const second = await call(create, PATH, { token, headers, body: { name: 'Once' } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.json).toEqual(first.json);
    expect((await listAgents(token)).map((agent: { id: string }) => agent.id)).toEqual([first.json.data.agent.id]);
  });
});

describe('GET /v1/operators/me/agents', () => {
  it('lists exactly the fields of a fresh agent; no cap is null; newest first', async () => {
    const { token } = await operator();
    const first = await createAgentViaApi(token, { name: 'First', spendingLimitCents: 0 });
    const second = await createAgentViaApi(token, { name: 'Second' });
    const listed = await call(list, PATH, { token });
    expect(listed.status).toBe(200);
    const fresh = {
      createdAt: expect.stringMatching(ISO),
      taskCount: 0,
      totalSpentCents: 0,
      lastActiveAt: null,
      lastActiveIp: null,
      activeKeyCount: 1,
      activeKeyExpiresAt: null,
    };
    expect(listed.json).toEqual({
      data: [
        { id: second.id, name: 'Second', spendingLimitCents: null, ...fresh },
        { id: first.id, name: 'First', spendingLimitCents: 0, ...fresh },
      ],
    });
    expect(listed.text).not.toContain(first.key);
  });

  it('counts tasks, net spending from the escrow ledger, keys and the last request', async () => {
    const { token, userId } = await operator();
    const agent = await createAgentViaApi(token, { name: 'Busy' });
    const idle = await createAgentViaApi(token, { name: 'Idle' });
    const { db } = await getDatabase();

    // Money: a card charge (2,300) refunded in part (800), an x402 receipt (2,300) then paid out to the
    // worker (not a refund, so still spent), a test-mode task charged 1,000, and one task never funded.
    const charged = await insertTask(agent.id, { status: 'cancelled' });
    await chargeTask(charged, userId, 2_300);
    await refundCharge(charged, userId, 800);
    const paid = await insertTask(agent.id, { status: 'completed' });
    await receiveX402(paid, 2_300);
    await payWorker(paid, randomUUID());
    const testMode = await insertTask(agent.id, { status: 'posted', livemode: false });
    await chargeTask(testMode, userId, 1_000);
    await insertTask(agent.id, { status: 'draft' });
    // Another agent's task and money do not count.
    const other = await insertTask(idle.id, { status: 'posted' });
    await chargeTask(other, userId, 2_300);

    // Keys: the created one (no expiry), two expiring later, one expired, one revoked.
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    await insertApiKey(db, { userId: agent.id, expiresAt: soon });
    await insertApiKey(db, { userId: agent.id, expiresAt: new Date(Date.now() + 2 * 60 * 60 * 1000) });
    await insertApiKey(db, { userId: agent.id, expiresAt: new Date(Date.now() - 1000) });
    await insertApiKey(db, { userId: agent.id, revokedAt: new Date() });

    // Activity: two requests with the agent's key from two addresses; the later one is the last.
    const base = { apiKeyId: agent.keyId, userId: agent.id, method: 'GET', route: '/v1/operators/me', status: 200 };
    await db.insert(apiRequestLog).values([
      { ...base, latencyMs: 5, ip: '203.0.113.7', createdAt: new Date(Date.now() - 60_000) },
      { ...base, latencyMs: 9, ip: '2001:db8::42', createdAt: new Date(Date.now() - 120_000) },
    ]);

    const [quiet, busy] = await listAgents(token);
    expect(busy).toEqual({
      id: agent.id,
      name: 'Busy',
      createdAt: expect.stringMatching(ISO),
      taskCount: 4,
      totalSpentCents: 2_300 - 800 + 2_300 + 1_000,
      lastActiveAt: expect.stringMatching(ISO),
      lastActiveIp: '203.0.113.7',
      activeKeyCount: 3,
      spendingLimitCents: null,
      activeKeyExpiresAt: soon.toISOString(),
    });
    expect(Date.now() - Date.parse(busy.lastActiveAt)).toBeGreaterThanOrEqual(60_000);
    expect(Date.now() - Date.parse(busy.lastActiveAt)).toBeLessThan(120_000);
    expect(quiet).toMatchObject({ id: idle.id, taskCount: 1, totalSpentCents: 2_300, activeKeyCount: 1 });
  });

  it('shows only the caller’s agents that are not deleted', async () => {
    const { token } = await operator();
    const kept = await createAgentViaApi(token, { name: 'Kept' });
    const gone = await createAgentViaApi(token, { name: 'Gone' });
    await call(remove, agentPath(gone.id).path, { token, params: agentPath(gone.id).params });
    await createAgentViaApi((await operator()).token, { name: 'Not mine' });
    expect((await listAgents(token)).map((agent: { id: string }) => agent.id)).toEqual([kept.id]);
    expect(await listAgents((await operator()).token)).toEqual([]);
  });
});

describe('PATCH /v1/operators/me/agents/{agentId}', () => {
  it('changes only the fields sent; null clears the cap; an empty body answers the agent as it is', async () => {
    const { token } = await operator();
    const agent = await createAgentViaApi(token, { name: 'Before', spendingLimitCents: 1_000 });
    const { path, params } = agentPath(agent.id);
    const patch = (body: unknown) => call(update, path, { token, params, body });

    const renamed = await patch({ name: ' After ' });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toEqual({ data: { id: agent.id, name: 'After', spendingLimitCents: 1_000 } });

    expect((await patch({ spendingLimitCents: 2_500 })).json).toEqual({
      data: { id: agent.id, name: 'After', spendingLimitCents: 2_500 },
    });
    // The smallest task's total (575 cents) is the lowest cap above 0 that is accepted.
    expect((await patch({ spendingLimitCents: 575 })).json).toEqual({
      data: { id: agent.id, name: 'After', spendingLimitCents: 575 },
    });
    expect((await patch({ spendingLimitCents: null })).json).toEqual({
      data: { id: agent.id, name: 'After', spendingLimitCents: null },
    });
    expect((await patch({})).json).toEqual({ data: { id: agent.id, name: 'After', spendingLimitCents: null } });
    expect((await call(update, path, { token, params })).json).toEqual({
      data: { id: agent.id, name: 'After', spendingLimitCents: null },
    });
    expect((await patch({ name: 'Both', spendingLimitCents: 0 })).json).toEqual({
      data: { id: agent.id, name: 'Both', spendingLimitCents: 0 },
    });
    expect(await listAgents(token)).toEqual([expect.objectContaining({ name: 'Both', spendingLimitCents: 0 })]);
  });
});

describe('DELETE /v1/operators/me/agents/{agentId}', () => {
  it('deletes the agent and revokes every key: the very next request with one is 401', async () => {
    const { token } = await operator();
    const agent = await createAgentViaApi(token);
    const { db } = await getDatabase();
    const extra = await insertApiKey(db, { userId: agent.id, scopes: [...SCOPES] });
    expect((await call(getOperator, '/v1/operators/me', { token: agent.key })).status).toBe(200);

    const { path, params } = agentPath(agent.id);
    const res = await call(remove, path, { token, params });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { id: agent.id, deleted: true } });

    for (const key of [agent.key, extra.key]) {
      expect((await call(getOperator, '/v1/operators/me', { token: key })).json).toEqual(envelope('UNAUTHORIZED'));
    }
    const [row] = await db.select().from(users).where(eq(users.id, agent.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const keys = await db.select().from(apiKeys).where(eq(apiKeys.userId, agent.id));
    expect(keys.map((key) => key.revokedAt)).toEqual([expect.any(Date), expect.any(Date)]);
    expect(await listAgents(token)).toEqual([]);
  });
});

describe('the mode of an agent’s keys', () => {
  it('follows the deployment: test unless a live Stripe key is configured, for the first key and rotations', async () => {
    const { token } = await operator();
    const rotateKey = (agentId: string) => call(rotate, `${PATH}/${agentId}/keys`, { token, params: { agentId } });
    const inTest = await withEnv({ STRIPE_SECRET_KEY: 'sk_test_x' }, () => createAgentViaApi(token, { name: 'Tess' }));
    const inLive = await withEnv({ STRIPE_SECRET_KEY: 'sk_live_x' }, () => createAgentViaApi(token, { name: 'Liv' }));
    expect(inTest.key).toMatch(/^lgw_test_/);
    expect(inLive.key).toMatch(/^lgw_live_/);

    const rotatedTest = await withEnv({ STRIPE_SECRET_KEY: undefined }, () => rotateKey(inLive.id));
    const rotatedLive = await withEnv({ STRIPE_SECRET_KEY: 'sk_live_x' }, () => rotateKey(inTest.id));
    expect(rotatedTest.json.data.key).toMatch(/^lgw_test_/);
    expect(rotatedLive.json.data.key).toMatch(/^lgw_live_/);
    const { db } = await getDatabase();
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, rotatedLive.json.data.id));
    expect(row?.mode).toBe('live');
  });
});

describe('POST /v1/operators/me/agents/{agentId}/keys', () => {
  it('revokes all the agent’s keys and issues one new key with every scope', async () => {
    const { token, userId } = await operator();
    const agent = await createAgentViaApi(token, { name: 'Rotor' });
    const { db } = await getDatabase();
    const extra = await insertApiKey(db, { userId: agent.id, scopes: ['tasks:read'] });

    const res = await call(rotate, `${PATH}/${agent.id}/keys`, { token, params: { agentId: agent.id } });
    expect(res.status).toBe(201);
    const issued = res.json.data;
    expect(res.json).toEqual({
      data: {
        id: expect.any(String),
        key: expect.stringMatching(/^lgw_test_[0-9A-Za-z]{38}$/),
        keyPrefix: issued.key.slice(0, 12),
      },
    });

    for (const key of [agent.key, extra.key]) {
      expect((await call(getOperator, '/v1/operators/me', { token: key })).json).toEqual(envelope('UNAUTHORIZED'));
    }
    const me = await call(getOperator, '/v1/operators/me', { token: issued.key });
    expect(me.status).toBe(200);
    expect(me.json.data.id).toBe(userId);

    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, issued.id));
    expect(row).toMatchObject({
      userId: agent.id,
      name: 'Rotor key',
      keyHash: sha256Hex(issued.key),
      scopes: [...SCOPES],
      revokedAt: null,
    });
    expect(await listAgents(token)).toEqual([expect.objectContaining({ id: agent.id, activeKeyCount: 1 })]);

    // Rotating again replaces the key just issued.
    const again = await call(rotate, `${PATH}/${agent.id}/keys`, { token, params: { agentId: agent.id } });
    expect(again.status).toBe(201);
    expect((await call(getOperator, '/v1/operators/me', { token: issued.key })).status).toBe(401);
    expect((await call(getOperator, '/v1/operators/me', { token: again.json.data.key })).status).toBe(200);
  });

  it('leaves exactly one working key when rotations race', async () => {
    const { token } = await operator();
    const agent = await createAgentViaApi(token);
    const rotations = await Promise.all(
      [1, 2, 3].map(() => call(rotate, `${PATH}/${agent.id}/keys`, { token, params: { agentId: agent.id } })),
    );
    expect(rotations.map((res) => res.status)).toEqual([201, 201, 201]);
    const working = [];
    for (const res of rotations) {
      const me = await call(getOperator, '/v1/operators/me', { token: res.json.data.key });
      if (me.status === 200) working.push(res.json.data.id);
    }
    expect(working).toHaveLength(1);
    expect(await listAgents(token)).toEqual([expect.objectContaining({ id: agent.id, activeKeyCount: 1 })]);
  });
});
