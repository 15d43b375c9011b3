import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { insertApiKey, insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { POST as signUp } from '../route';
import { GET } from './route';

describe('GET /v1/users/me', () => {
  it('returns the session user', async () => {
    const created = await call(signUp, '/v1/users', {
      ip: uniqueIp(),
      body: { email: 'Me-Smoke@Example.com', password: 'correct horse battery' },
    });
    expect(created.status).toBe(201);
    const me = await call(GET, '/v1/users/me', { token: created.json.data.session.token });
    expect(me.status).toBe(200);
    expect(me.json.data.email).toBe('me-smoke@example.com');
    expect(me.headers.get('ratelimit-policy')).toBe('"user";q=600;w=60');
  });

  it('returns the API key user', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const { key } = await insertApiKey(db, { userId: user.id, rateLimitPerMinute: 100 });
    const me = await call(GET, '/v1/users/me', { token: key });
    expect(me.status).toBe(200);
    expect(me.json.data.id).toBe(user.id);
    expect(me.headers.get('ratelimit')).toMatch(/^"api-key";r=99;t=\d+$/);
  });
});
