import { describe, expect, it } from 'vitest';
import { envelope, validationEnvelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { createWorkerViaApi } from '@/test/worker-profiles';
import { PATCH as patchMe } from './route';

describe('PATCH /v1/workers/me errors', () => {
  it('is 404 when the user has no profile yet', async () => {
    const { token } = await signUpViaApi('worker');
    const res = await call(patchMe, '/v1/workers/me', { token, ip: uniqueIp(), body: { headline: 'x' } });
    expect(res.status).toBe(404);
    expect(res.json).toEqual(
      envelope('NOT_FOUND', {
        message: 'No such worker profile',
        hint: 'Create your profile with POST /v1/workers first.',
      }),
    );
  });

  it('validates like POST: issues per field, nothing changed', async () => {
    const { token } = await createWorkerViaApi();
    const res = await call(patchMe, '/v1/workers/me', {
      token,
      ip: uniqueIp(),
      body: { location: { lat: 0, lng: 181 }, isAvailable: 'yes', defaultRadiusMeters: null, photos: null },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(
      validationEnvelope([
        { path: ['location', 'lng'], message: 'Must be between -180 and 180' },
        { path: ['defaultRadiusMeters'], message: 'Invalid input: expected number, received null' },
        { path: ['isAvailable'], message: 'Invalid input: expected boolean, received string' },
        { path: ['photos'], message: 'Invalid input: expected array, received null' },
      ]),
    );
  });

  it('more than 10 photos is 400', async () => {
    const { token } = await createWorkerViaApi();
    const id = '00000000-0000-4000-8000-000000000000';
    const res = await call(patchMe, '/v1/workers/me', { token, ip: uniqueIp(), body: { photos: Array(11).fill(id) } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(validationEnvelope([{ path: ['photos'], message: 'At most 10 photos' }]));
  });
});
