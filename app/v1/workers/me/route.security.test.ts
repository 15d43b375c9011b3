import { describe, expect, it } from 'vitest';
import { call, uniqueIp } from '@/test/http';
import { createWorkerViaApi } from '@/test/worker-profiles';
import { GET as getMe, PATCH as patchMe } from './route';

describe('/v1/workers/me security', () => {
  it('each user sees and changes only their own profile', async () => {
    const a = await createWorkerViaApi();
    const b = await createWorkerViaApi();
    await call(patchMe, '/v1/workers/me', { token: b.token, ip: uniqueIp(), body: { headline: 'B only' } });
    const res = await call(getMe, '/v1/workers/me', { token: a.token, ip: uniqueIp() });
    expect(res.json.data).toEqual(a.profile);
  });
});
