import { describe, expect, it } from 'vitest';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { createWorkerViaApi } from '@/test/worker-profiles';
import { GET as getMe, PATCH as patchMe } from './route';

describe('GET /v1/workers/me', () => {
  it('is {data: null} before the user has a profile', async () => {
    const { token } = await signUpViaApi('worker');
    const res = await call(getMe, '/v1/workers/me', { token, ip: uniqueIp() });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: null });
  });

  it('answers the caller’s profile', async () => {
    const { token, profile } = await createWorkerViaApi();
    const res = await call(getMe, '/v1/workers/me', { token, ip: uniqueIp() });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: profile });
  });
});

describe('PATCH /v1/workers/me', () => {
  it('changes only the fields sent; null clears a nullable field', async () => {
    const { token, profile } = await createWorkerViaApi();
    const res = await call(patchMe, '/v1/workers/me', {
      token,
      ip: uniqueIp(),
      body: { headline: 'Photos too', bio: null, location: null, isAvailable: false, defaultRadiusMeters: 200_000 },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      ...profile,
      headline: 'Photos too',
      bio: null,
      location: null,
      isAvailable: false,
      defaultRadiusMeters: 200_000,
    });
  });

  it('an empty body changes nothing', async () => {
    const { token, profile } = await createWorkerViaApi();
    const res = await call(patchMe, '/v1/workers/me', { token, ip: uniqueIp(), body: {} });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual(profile);
  });
});
