import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { UNAUTHORIZED_BODY } from '@/test/expect';
import { insertApiKey } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { createWorkerViaApi, SESSION_ONLY_BODY } from '@/test/worker-profiles';
import { GET as getMe, PATCH as patchMe } from './route';

describe('/v1/workers/me security', () => {
  it('GET and PATCH without a credential are 401', async () => {
    for (const handler of [getMe, patchMe]) {
      const res = await call(handler, '/v1/workers/me', { ip: uniqueIp(), body: handler === patchMe ? {} : undefined });
      expect(res.status).toBe(401);
      expect(res.json).toEqual(UNAUTHORIZED_BODY);
    }
  });

  it('an API key (even the worker’s own) gets 403: profiles are managed with a session', async () => {
    const { userId } = await createWorkerViaApi();
    const { db } = await getDatabase();
    const { key } = await insertApiKey(db, { userId, scopes: ['workers:read'] });
    for (const handler of [getMe, patchMe]) {
      const res = await call(handler, '/v1/workers/me', {
        token: key,
        ip: uniqueIp(),
        body: handler === patchMe ? {} : undefined,
      });
      expect(res.status).toBe(403);
      expect(res.json).toEqual(SESSION_ONLY_BODY);
    }
  });

  it('each user sees and changes only their own profile', async () => {
    const a = await createWorkerViaApi();
    const b = await createWorkerViaApi();
    await call(patchMe, '/v1/workers/me', { token: b.token, ip: uniqueIp(), body: { headline: 'B only' } });
    const res = await call(getMe, '/v1/workers/me', { token: a.token, ip: uniqueIp() });
    expect(res.json.data).toEqual(a.profile);
  });
});
