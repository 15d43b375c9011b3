import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GET as getOperator } from '@/app/v1/operators/me/route';
import { GET as getTask } from '@/app/v1/tasks/[id]/route';
import { flushUsageLog } from '@/lib/api/usage-log';
import { call, uniqueIp } from '@/test/http';
import type { TestJson } from '@/test/json';
import { DAY_MS, HOUR_MS, insertUsage, operatorWithAgent } from '@/test/usage';
import { GET } from './route';

const logsOf = (token: string, query: Record<string, string> = {}) =>
  call(GET, '/v1/operators/me/usage/logs', { token, query });
const routes = (res: { json: TestJson }) => res.json.data.map((row: { route: string }) => row.route);

/** An operator whose own key and agent's key made five requests, plus a stranger with one of their own. */
async function seeded() {
  const op = await operatorWithAgent('usage');
  const stranger = await operatorWithAgent('stranger');
  const { agent } = op;
  await insertUsage([
    { keyId: agent.keyId, userId: agent.id, route: '/a-old', ago: 10 * DAY_MS },
    { keyId: agent.keyId, userId: agent.id, route: '/a-404', status: 404, ago: 3 * HOUR_MS },
    { keyId: agent.keyId, userId: agent.id, route: '/a-500', status: 503, ago: 2 * HOUR_MS },
    { keyId: op.ownKeyId, userId: op.userId, route: '/own-200', ago: HOUR_MS },
    { keyId: agent.keyId, userId: agent.id, route: '/a-200', ago: 60_000 },
    { keyId: stranger.agent.keyId, userId: stranger.agent.id, route: '/theirs', ago: 30_000 },
  ]);
  return { ...op, stranger };
}

describe('GET /v1/operators/me/usage/logs', () => {
  it('lists the operator’s and its agents’ requests of the last 7 days, newest first, nobody else’s', async () => {
    const { token, agent, ownKeyId } = await seeded();
    const res = await logsOf(token);
    expect(res.status).toBe(200);
    expect(routes(res)).toEqual(['/a-200', '/own-200', '/a-500', '/a-404']);
    expect(res.json.nextCursor).toBeNull();
    const [agentRow, ownRow] = res.json.data;
    expect(agentRow).toEqual({
      id: expect.stringMatching(/^[0-9]+$/),
      at: expect.any(String),
      method: 'GET',
      route: '/a-200',
      status: 200,
      latencyMs: 10,
      keyId: agent.keyId,
      keyPrefix: expect.stringMatching(/^lgw_/),
      agentId: agent.id,
      ip: '203.0.113.7',
    });
    expect(ownRow).toMatchObject({ keyId: ownKeyId, agentId: null });
  });

  it('filters by key, agent, status class, route and time range', async () => {
    const { token, agent, ownKeyId } = await seeded();
    expect(routes(await logsOf(token, { keyId: ownKeyId }))).toEqual(['/own-200']);
    expect(routes(await logsOf(token, { agentId: agent.id }))).toEqual(['/a-200', '/a-500', '/a-404']);
    expect(routes(await logsOf(token, { status: '4xx' }))).toEqual(['/a-404']);
    expect(routes(await logsOf(token, { status: '5xx' }))).toEqual(['/a-500']);
    expect(routes(await logsOf(token, { status: '2xx' }))).toEqual(['/a-200', '/own-200']);
    expect(routes(await logsOf(token, { route: '/a-500' }))).toEqual(['/a-500']);
    const from = new Date(Date.now() - 11 * DAY_MS).toISOString();
    const to = new Date(Date.now() - 150 * 60_000).toISOString();
    expect(routes(await logsOf(token, { from, to }))).toEqual(['/a-404', '/a-old']);
    expect(routes(await logsOf(token, { agentId: agent.id, status: '2xx', from }))).toEqual(['/a-200', '/a-old']);
  });

  it('pages with a keyset cursor', async () => {
    const { token } = await seeded();
    const first = await logsOf(token, { limit: '3' });
    expect(routes(first)).toEqual(['/a-200', '/own-200', '/a-500']);
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const second = await logsOf(token, { limit: '3', cursor: first.json.nextCursor });
    expect(routes(second)).toEqual(['/a-404']);
    expect(second.json.nextCursor).toBeNull();
    const bad = await logsOf(token, { cursor: 'not-a-cursor' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('VALIDATION_ERROR');
  });

  it('gives an empty page for another operator’s key or agent, never their rows', async () => {
    const { token, stranger } = await seeded();
    const queries: Record<string, string>[] = [
      { keyId: stranger.agent.keyId },
      { agentId: stranger.agent.id },
      { keyId: randomUUID() },
    ];
    for (const query of queries) {
      const res = await logsOf(token, query);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ data: [], nextCursor: null, hasMore: false });
    }
    expect(routes(await logsOf(stranger.token))).toEqual(['/theirs']);
  });

  it('refuses from after to, a range over 31 days, an unknown status class', async () => {
    const { token } = await seeded();
    const at = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    const queries: Record<string, string>[] = [
      { from: at(1), to: at(2) },
      { from: at(40), to: at(0) },
      { from: at(32) },
      { status: '3xx' },
      { from: 'yesterday' },
    ];
    for (const query of queries) {
      const res = await logsOf(token, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await logsOf(token, { from: at(31), to: at(0) })).status).toBe(200);
  });

  it('shows a key only its own requests: an agent reads its errors with its key, a real 404 among them', async () => {
    const { token, agent, ownKey } = await seeded();
    const missing = await call(getTask, '/v1/tasks/x', {
      token: agent.key,
      ip: uniqueIp(),
      params: { id: randomUUID() },
    });
    expect(missing.status).toBe(404);
    expect((await call(getOperator, '/v1/operators/me', { token: ownKey, ip: uniqueIp() })).status).toBe(200);
    await flushUsageLog();
    const mine = await logsOf(agent.key, { status: '4xx' });
    expect(mine.status).toBe(200);
    expect(routes(mine)).toEqual(['/v1/tasks/{id}', '/a-404']);
    expect(mine.json.data.every((row: { keyId: string }) => row.keyId === agent.keyId)).toBe(true);
    // The operator's own key sees its own requests only, not its agents'.
    expect(routes(await logsOf(ownKey))).toEqual(['/v1/operators/me', '/own-200']);
    expect(routes(await logsOf(token, { status: '4xx' }))).toEqual(['/v1/tasks/{id}', '/a-404']);
  });
});
