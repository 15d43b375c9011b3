import { describe, expect, it } from 'vitest';
import { GET as getOperator } from '@/app/v1/operators/me/route';
import { GET as paymentHistory } from '@/app/v1/payments/history/route';
import { getDatabase } from '@/db/client';
import { apiRequestLog } from '@/db/schema';
import { flushUsageLog } from '@/lib/api/usage-log';
import { createAgentViaApi } from '@/test/agents';
import { insertApiKey } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { GET as listAgents } from '../../route';
import { GET } from './route';

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const usageOf = (token: string, agentId: string) =>
  call(GET, `/v1/operators/me/agents/${agentId}/usage`, { token, params: { agentId } });

describe('GET /v1/operators/me/agents/{agentId}/usage', () => {
  it('is all zeros for an agent that made no request, with 14 empty days ending today', async () => {
    const { token } = await signUpViaApi('op');
    const agent = await createAgentViaApi(token);
    const res = await usageOf(token, agent.id);
    expect(res.status).toBe(200);
    const today = Date.now();
    expect(res.json).toEqual({
      data: {
        totalRequests: 0,
        errorCount: 0,
        avgLatencyMs: 0,
        last24hRequests: 0,
        requestsPerDay: Array.from({ length: 14 }, (_, i) => ({
          date: utcDay(today - (13 - i) * DAY_MS),
          requests: 0,
        })),
      },
    });
  });

  it('counts the requests made with the agent’s keys: errors, mean latency, last 24 hours, per day', async () => {
    const { token } = await signUpViaApi('op');
    const agent = await createAgentViaApi(token);
    const bystander = await createAgentViaApi(token, { name: 'Bystander' });
    const ip = uniqueIp();

    // Real requests: two answered 200, one refused 400 (a bad query), then the log is flushed.
    expect((await call(getOperator, '/v1/operators/me', { token: agent.key, ip: uniqueIp() })).status).toBe(200);
    const badQuery = await call(paymentHistory, '/v1/payments/history', {
      token: agent.key,
      ip: uniqueIp(),
      query: { limit: '0' },
    });
    expect(badQuery.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await call(getOperator, '/v1/operators/me', { token: agent.key, ip })).status).toBe(200);
    expect((await call(getOperator, '/v1/operators/me', { token: bystander.key })).status).toBe(200);
    await flushUsageLog();

    // Older history: 3 days ago (a 500), and 20 days ago (outside the chart).
    const { db } = await getDatabase();
    const base = { apiKeyId: agent.keyId, userId: agent.id, method: 'GET', route: '/v1/operators/me' };
    const now = Date.now();
    await db.insert(apiRequestLog).values([
      { ...base, status: 500, latencyMs: 40, createdAt: new Date(now - 3 * DAY_MS) },
      { ...base, status: 200, latencyMs: 11, createdAt: new Date(now - 20 * DAY_MS) },
    ]);

    const rows = await db.select().from(apiRequestLog);
    const mine = rows.filter((row) => row.userId === agent.id);
    expect(mine).toHaveLength(5);
    const meanLatency = Math.round(mine.reduce((sum, row) => sum + row.latencyMs, 0) / mine.length);

    const res = await usageOf(token, agent.id);
    expect(res.status).toBe(200);
    const { requestsPerDay, ...figures } = res.json.data;
    expect(figures).toEqual({ totalRequests: 5, errorCount: 2, avgLatencyMs: meanLatency, last24hRequests: 3 });
    expect(requestsPerDay).toHaveLength(14);
    expect(requestsPerDay[13]).toEqual({ date: utcDay(now), requests: 3 });
    expect(requestsPerDay[10]).toEqual({ date: utcDay(now - 3 * DAY_MS), requests: 1 });
    expect(requestsPerDay[0]).toEqual({ date: utcDay(now - 13 * DAY_MS), requests: 0 });
    expect(requestsPerDay.reduce((sum: number, day: { requests: number }) => sum + day.requests, 0)).toBe(4);

    // The list shows the same activity: the last request's time and client address.
    const listed = await call(listAgents, '/v1/operators/me/agents', { token });
    const last = mine.filter((row) => row.ip === ip);
    expect(last).toHaveLength(1);
    expect(listed.json.data.find((item: { id: string }) => item.id === agent.id)).toMatchObject({
      lastActiveAt: last[0]?.createdAt.toISOString(),
      lastActiveIp: ip,
    });
  });

  it('counts requests refused with 403: an agent key on a session-only operation, a key without the scope', async () => {
    const { token } = await signUpViaApi('op');
    const agent = await createAgentViaApi(token);
    const figures = async () => {
      await flushUsageLog();
      const { requestsPerDay: _days, ...rest } = (await usageOf(token, agent.id)).json.data;
      return rest;
    };

    for (let i = 0; i < 2; i++) {
      expect((await call(getOperator, '/v1/operators/me', { token: agent.key, ip: uniqueIp() })).status).toBe(200);
    }
    const wrongKind = await call(listAgents, '/v1/operators/me/agents', { token: agent.key, ip: uniqueIp() });
    expect(wrongKind.status).toBe(403);
    expect(wrongKind.json.error.message).toBe('This operation requires a session token');
    expect(await figures()).toMatchObject({ totalRequests: 3, errorCount: 1, last24hRequests: 3 });

    const { db } = await getDatabase();
    const { key: readOnly } = await insertApiKey(db, { userId: agent.id, scopes: ['tasks:read'] });
    const noScope = await call(paymentHistory, '/v1/payments/history', { token: readOnly, ip: uniqueIp() });
    expect(noScope.status).toBe(403);
    expect(noScope.json.error.details).toEqual({ requiredScope: 'payments:read' });
    expect(await figures()).toMatchObject({ totalRequests: 4, errorCount: 2, last24hRequests: 4 });

    const logged = (await db.select().from(apiRequestLog)).filter((row) => row.userId === agent.id);
    expect(logged.map((row) => `${row.status} ${row.route}`).sort()).toEqual([
      '200 /v1/operators/me',
      '200 /v1/operators/me',
      '403 /v1/operators/me/agents',
      '403 /v1/payments/history',
    ]);
  });

  it('counts requests refused with 429 past the key’s rate limit', async () => {
    const { token } = await signUpViaApi('op');
    const agent = await createAgentViaApi(token);
    const { db } = await getDatabase();
    const { key } = await insertApiKey(db, { userId: agent.id, rateLimitPerMinute: 2 });

    // Two answered, the third refused; fixed 60 s windows may start a new one in between, hence the loop.
    const statuses: number[] = [];
    while (statuses.at(-1) !== 429 && statuses.length < 6) {
      statuses.push((await call(getOperator, '/v1/operators/me', { token: key, ip: uniqueIp() })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    await flushUsageLog();
    const { requestsPerDay: _days, ...figures } = (await usageOf(token, agent.id)).json.data;
    expect(figures).toMatchObject({ totalRequests: statuses.length, errorCount: 1 });
  });
});
