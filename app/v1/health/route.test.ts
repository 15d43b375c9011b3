import { describe, expect, it } from 'vitest';
import { type Database, getDatabase, setDatabase } from '@/db/client';
import { call } from '@/test/http';
import { GET } from './route';

describe('GET /v1/health', () => {
  it('answers 200 with exactly {"status":"ok"} (bare, no data envelope)', async () => {
    const res = await call(GET, '/v1/health');
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"status":"ok"}');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    // Not rate limited.
    expect(res.headers.get('ratelimit-policy')).toBeNull();
  });

  it('does not touch the database: still 200 while the database is down', async () => {
    const real = await getDatabase();
    const down: Database = {
      driver: real.driver,
      db: new Proxy(real.db, {
        get() {
          throw new Error('database is down');
        },
      }),
      query: () => Promise.reject(new Error('database is down')),
      close: async () => {},
    };
    setDatabase(down);
    try {
      const res = await call(GET, '/v1/health');
      expect(res.status).toBe(200);
      expect(res.text).toBe('{"status":"ok"}');
    } finally {
      setDatabase(real);
    }
  });
});
