import { describe, expect, it } from 'vitest';
import { call } from '@/test/http';
import { DAY_MS, HOUR_MS, insertUsage, operatorWithAgent } from '@/test/usage';
import { GET } from './route';

const summaryOf = (token: string, query: Record<string, string> = {}) =>
  call(GET, '/v1/operators/me/usage/summary', { token, query });
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function seeded() {
  const op = await operatorWithAgent('summary');
  const stranger = await operatorWithAgent('stranger');
  const { agent } = op;
  // Noon yesterday and noon 3 days ago (UTC), so the days do not depend on when the test runs.
  const noon = new Date();
  noon.setUTCHours(12, 0, 0, 0);
  const yesterday = Date.now() - (noon.getTime() - DAY_MS);
  const threeDays = Date.now() - (noon.getTime() - 3 * DAY_MS);
  await insertUsage([
    { keyId: agent.keyId, userId: agent.id, route: '/a', latencyMs: 10, ago: yesterday },
    { keyId: agent.keyId, userId: agent.id, route: '/a', latencyMs: 20, ago: yesterday, status: 404 },
    { keyId: agent.keyId, userId: agent.id, route: '/b', latencyMs: 30, ago: yesterday, status: 500 },
    { keyId: agent.keyId, userId: agent.id, route: '/b', latencyMs: 40, ago: threeDays },
    { keyId: op.ownKeyId, userId: op.userId, route: '/a', latencyMs: 100, ago: threeDays, status: 201 },
    { keyId: agent.keyId, userId: agent.id, route: '/a', latencyMs: 5, ago: 40 * DAY_MS },
    { keyId: stranger.agent.keyId, userId: stranger.agent.id, route: '/a', ago: HOUR_MS, status: 500 },
  ]);
  return { ...op, stranger, days: [utcDay(noon.getTime() - 3 * DAY_MS), utcDay(noon.getTime() - DAY_MS)] };
}

describe('GET /v1/operators/me/usage/summary', () => {
  it('groups the last 30 days by UTC day by default, oldest first: requests, errors (≥ 400), p50/p95', async () => {
    const { token, days } = await seeded();
    const res = await summaryOf(token);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      { group: days[0], requests: 2, errors: 0, p50LatencyMs: 70, p95LatencyMs: 97 },
      { group: days[1], requests: 3, errors: 2, p50LatencyMs: 20, p95LatencyMs: 29 },
    ]);
  });

  it('groups by key, agent and route, busiest first; honours from and to', async () => {
    const { token, agent, ownKeyId, days } = await seeded();
    const byKey = await summaryOf(token, { groupBy: 'key' });
    expect(byKey.json.data.map((row: { group: string; requests: number }) => [row.group, row.requests])).toEqual([
      [agent.keyId, 4],
      [ownKeyId, 1],
    ]);
    const byAgent = await summaryOf(token, { groupBy: 'agent' });
    expect(byAgent.json.data).toEqual([
      { group: agent.id, requests: 4, errors: 2, p50LatencyMs: 25, p95LatencyMs: 39 },
      { group: 'operator', requests: 1, errors: 0, p50LatencyMs: 100, p95LatencyMs: 100 },
    ]);
    const byRoute = await summaryOf(token, { groupBy: 'route' });
    expect(byRoute.json.data.map((row: { group: string; errors: number }) => [row.group, row.errors])).toEqual([
      ['/a', 1],
      ['/b', 1],
    ]);
    const from = `${days[1]}T00:00:00Z`;
    const lastDay = await summaryOf(token, { groupBy: 'route', from });
    expect(lastDay.json.data.map((row: { group: string; requests: number }) => [row.group, row.requests])).toEqual([
      ['/a', 2],
      ['/b', 1],
    ]);
    const old = await summaryOf(token, {
      from: new Date(Date.now() - 41 * DAY_MS).toISOString(),
      to: new Date(Date.now() - 11 * DAY_MS).toISOString(),
    });
    expect(old.json.data.map((row: { requests: number }) => row.requests)).toEqual([1]);
  });

  it('shows another operator nothing of this one', async () => {
    const { stranger } = await seeded();
    const res = await summaryOf(stranger.token, { groupBy: 'agent' });
    expect(res.json.data).toEqual([
      { group: stranger.agent.id, requests: 1, errors: 1, p50LatencyMs: 10, p95LatencyMs: 10 },
    ]);
  });

  it('refuses an unknown groupBy, from after to and a range over 31 days; an agent key gets 403', async () => {
    const { token, agent } = await seeded();
    const at = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    const queries: Record<string, string>[] = [{ groupBy: 'week' }, { from: at(1), to: at(2) }, { from: at(45) }];
    for (const query of queries) {
      const res = await summaryOf(token, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await summaryOf(agent.key)).status).toBe(403);
  });
});
