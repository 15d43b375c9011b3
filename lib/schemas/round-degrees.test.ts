import { describe, expect, it } from 'vitest';
import { GET as coverageRoute } from '@/app/v1/geo/coverage/route';
import { GET as searchServicesRoute } from '@/app/v1/services/route';
import { PATCH as updateWorkerRoute } from '@/app/v1/workers/me/route';
import { GET as searchWorkersRoute } from '@/app/v1/workers/route';
import { call, uniqueIp } from '@/test/http';
import { taskParties } from '@/test/tasks';
import { roundDegrees } from './common';

// Found by the fuzz suite (test/fuzz): a subnormal coordinate such as 5e-324 passed every range check, and Postgres'
// float8 arithmetic on it failed with "value out of range: underflow", a 500.
const SUBNORMAL = '7.4e-323';

describe('coordinates are kept to 7 decimals', () => {
  it('rounds to about a centimetre, a subnormal to zero', () => {
    expect(roundDegrees(52.51234567)).toBe(52.5123457);
    expect(roundDegrees(-13.4)).toBe(-13.4);
    expect(roundDegrees(Number(SUBNORMAL))).toBe(0);
  });

  it.each([
    ['GET /v1/workers', searchWorkersRoute, '/v1/workers', { lat: SUBNORMAL, lng: '13.4' }],
    ['GET /v1/services', searchServicesRoute, '/v1/services', { lat: SUBNORMAL, lng: '13.4' }],
    ['GET /v1/geo/coverage', coverageRoute, '/v1/geo/coverage', { lat: SUBNORMAL, lng: '13.4' }],
  ] as const)('%s answers a subnormal latitude', async (_, route, path, query) => {
    const { agent } = await taskParties();
    const res = await call(route, path, { token: agent.token, ip: uniqueIp(), query });
    expect(res.status, res.text).toBe(200);
  });

  it('a worker placed at a subnormal latitude is stored at zero, and a search that meets them answers', async () => {
    const { agent, worker } = await taskParties();
    const location = { lat: Number(SUBNORMAL), lng: Number('5e-324') };
    const updated = await call(updateWorkerRoute, '/v1/workers/me', {
      token: worker.token,
      ip: uniqueIp(),
      body: { location },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json.data.location).toMatchObject({ lat: 0, lng: 0 });
    const query = { lat: '0.001', lng: '0.001', radiusMeters: '1000' };
    const found = await call(searchWorkersRoute, '/v1/workers', { token: agent.token, ip: uniqueIp(), query });
    expect(found.status, found.text).toBe(200);
  });
});
