import { describe, expect, it } from 'vitest';
import { type Database, getDatabase, setDatabase } from '@/db/client';
import { withEnv } from '@/test/env';
import { call } from '@/test/http';
import { GET } from './route';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const driver = process.env.TEST_DB === 'pglite' ? 'pglite' : 'pg';

/** The real database, except that its SQL never succeeds. */
function failingDatabase(real: Database, execute: () => Promise<never>): Database {
  return {
    driver: real.driver,
    db: { execute } as unknown as Database['db'],
    query: () => Promise.reject(new Error('connection refused')),
    close: async () => {},
  };
}

async function withDatabase<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  const real = await getDatabase();
  setDatabase(database);
  try {
    return await fn();
  } finally {
    setDatabase(real);
  }
}

const WEBHOOK_URLS_CHECK = {
  name: 'webhookUrls',
  status: 'up',
  required: false,
  latencyMs: 0,
  detail: 'https and public addresses only',
};

const X402_CHECK = {
  name: 'x402',
  status: 'up',
  required: false,
  latencyMs: 0,
  detail: 'test mode: base-sepolia, settled locally without a facilitator',
};

describe('GET /v1/health/deep', () => {
  it('answers 200 {data: {status: ok, checks: [database, paymentProcessor], checkedAt}}', async () => {
    const res = await call(GET, '/v1/health/deep');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.json).toEqual({
      data: {
        status: 'ok',
        checks: [
          { name: 'database', status: 'up', required: true, latencyMs: expect.any(Number), detail: driver },
          {
            name: 'paymentProcessor',
            status: 'up',
            required: true,
            latencyMs: expect.any(Number),
            detail: 'test-mode',
            cached: expect.any(Boolean),
          },
          WEBHOOK_URLS_CHECK,
          X402_CHECK,
        ],
        checkedAt: expect.stringMatching(ISO),
      },
    });
    expect(res.json.data.checks[0].latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('serves the payment processor check from its 30-second cache on the next call', async () => {
    await call(GET, '/v1/health/deep');
    const second = await call(GET, '/v1/health/deep');
    expect(second.status).toBe(200);
    const processor = second.json.data.checks.find((check: { name: string }) => check.name === 'paymentProcessor');
    expect(processor).toEqual({
      name: 'paymentProcessor',
      status: 'up',
      required: true,
      latencyMs: 0,
      detail: 'test-mode',
      cached: true,
    });
    // The database is checked every time, never cached.
    const database = second.json.data.checks.find((check: { name: string }) => check.name === 'database');
    expect(database.cached).toBeUndefined();
  });

  it('answers 503 with the database down when its queries fail', async () => {
    const real = await getDatabase();
    const res = await withDatabase(
      failingDatabase(real, () => Promise.reject(new Error('ECONNREFUSED 10.0.0.1:5432 password=hunter2'))),
      () => call(GET, '/v1/health/deep'),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.json).toEqual({
      data: {
        status: 'unavailable',
        checks: [
          { name: 'database', status: 'down', required: true, latencyMs: expect.any(Number), detail: 'unreachable' },
          expect.objectContaining({ name: 'paymentProcessor', status: 'up' }),
          WEBHOOK_URLS_CHECK,
          X402_CHECK,
        ],
        checkedAt: expect.stringMatching(ISO),
      },
    });
    // The cause is not leaked.
    expect(res.text).not.toContain('hunter2');
    expect(res.text).not.toContain('ECONNREFUSED');

    // And it recovers as soon as the database does.
    expect((await call(GET, '/v1/health/deep')).status).toBe(200);
  });

  it('answers 503 when the database does not answer within 2 seconds', async () => {
    const real = await getDatabase();
    const res = await withDatabase(
      failingDatabase(real, () => new Promise<never>(() => {})),
      () => call(GET, '/v1/health/deep'),
    );
    expect(res.status).toBe(503);
    expect(res.json.data.status).toBe('unavailable');
    expect(res.json.data.checks[0]).toMatchObject({
      name: 'database',
      status: 'down',
      required: true,
      detail: 'no answer within 2000 ms',
    });
  });

  it('reports when outbound webhooks may reach private addresses (WEBHOOKS_ALLOW_PRIVATE_URLS=1)', async () => {
    const res = await withEnv({ WEBHOOKS_ALLOW_PRIVATE_URLS: '1' }, () => call(GET, '/v1/health/deep'));
    expect(res.status).toBe(200);
    expect(res.json.data.checks.find((check: { name: string }) => check.name === 'webhookUrls')).toEqual({
      ...WEBHOOK_URLS_CHECK,
      detail:
        'private URLs allowed (WEBHOOKS_ALLOW_PRIVATE_URLS=1): http and loopback/private addresses are not refused',
    });
  });
});
