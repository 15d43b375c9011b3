import { describe, expect, it } from 'vitest';
import { envelope, validationEnvelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { createWorkerViaApi } from '@/test/worker-profiles';
import { POST as create } from './route';

const post = (token: string, body: unknown) => call(create, '/v1/workers', { token, ip: uniqueIp(), body });

describe('POST /v1/workers errors', () => {
  it('a second profile for the same user is 409 CONFLICT and changes nothing', async () => {
    const { token, profile } = await createWorkerViaApi();
    const res = await post(token, { displayName: 'Second' });
    expect(res.status).toBe(409);
    expect(res.json).toEqual(
      envelope('CONFLICT', {
        message: 'You already have a worker profile',
        hint: 'Each user has one worker profile: read it with GET /v1/workers/me and change it with PATCH /v1/workers/me.',
      }),
    );
    expect(profile.displayName).toBe('Ada L.');
  });

  it('refuses out-of-range and malformed fields with one issue each', async () => {
    const { token } = await signUpViaApi('worker');
    const res = await post(token, {
      displayName: '',
      skills: [...Array(31)].map((_, i) => `s${i}`),
      hourlyRateCents: 99,
      location: { lat: 91, lng: 0 },
      defaultRadiusMeters: 999,
      photos: ['https://elsewhere.example/cat.png'],
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(
      validationEnvelope([
        { path: ['displayName'], message: 'Must not be empty' },
        { path: ['skills'], message: 'At most 30 skills' },
        { path: ['hourlyRateCents'], message: 'Must be at least 100' },
        { path: ['location', 'lat'], message: 'Must be between -90 and 90' },
        { path: ['defaultRadiusMeters'], message: 'Must be at least 1000' },
        { path: ['photos', '0'], message: 'Must be an upload id or URL returned by POST /v1/uploads' },
      ]),
    );
  });

  it('refuses a skill over 50 characters, a fractional rate, a rate over 100000 and unknown fields', async () => {
    const { token } = await signUpViaApi('worker');
    const res = await post(token, { skills: ['x'.repeat(51)], hourlyRateCents: 100_001, nickname: 'x' });
    expect(res.status).toBe(400);
    expect(res.json.error.issues).toEqual([
      { path: ['skills', '0'], message: 'Must be at most 50 characters' },
      { path: ['hourlyRateCents'], message: 'Must be at most 100000' },
      { path: [], message: 'Unrecognized key: "nickname"' },
    ]);
    const fractional = await post(token, { hourlyRateCents: 100.5 });
    expect(fractional.json.error.issues).toEqual([
      { path: ['hourlyRateCents'], message: 'Must be a whole number of cents' },
    ]);
  });

  it('a photo id that is not one of the caller’s uploads is 400, and no profile is created', async () => {
    const { token } = await signUpViaApi('worker');
    const res = await post(token, { photos: ['00000000-0000-4000-8000-000000000000'] });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(
      validationEnvelope([{ path: ['photos', '0'], message: 'No upload of yours has this id' }]),
    );
    expect((await post(token, {})).status).toBe(201);
  });
});
