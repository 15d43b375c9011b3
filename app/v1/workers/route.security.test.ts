import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { UNAUTHORIZED_BODY } from '@/test/expect';
import { insertApiKey } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { SESSION_ONLY_BODY } from '@/test/worker-profiles';
import { POST as create } from './route';

describe('POST /v1/workers security', () => {
  it('without a credential is 401', async () => {
    const res = await call(create, '/v1/workers', { ip: uniqueIp(), body: {} });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(UNAUTHORIZED_BODY);
  });

  it('an API key cannot create a profile (session only): 403', async () => {
    const { userId } = await signUpViaApi('worker');
    const { db } = await getDatabase();
    const { key } = await insertApiKey(db, { userId, scopes: ['workers:read'] });
    const res = await call(create, '/v1/workers', { token: key, ip: uniqueIp(), body: {} });
    expect(res.status).toBe(403);
    expect(res.json).toEqual(SESSION_ONLY_BODY);
  });

  it('the profile always belongs to the caller: a userId in the body is refused', async () => {
    const { token } = await signUpViaApi('worker');
    const other = await signUpViaApi('victim');
    const res = await call(create, '/v1/workers', { token, ip: uniqueIp(), body: { userId: other.userId } });
    expect(res.status).toBe(400);
  });
});
