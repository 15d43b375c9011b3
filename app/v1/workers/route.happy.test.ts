import { describe, expect, it } from 'vitest';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { COMPLETE_PROFILE, createWorkerViaApi } from '@/test/worker-profiles';
import { POST as create } from './route';

describe('POST /v1/workers', () => {
  it('creates the profile with every field and answers 201 with the spec shape', async () => {
    const { userId, profile } = await createWorkerViaApi();
    expect(profile).toEqual({
      id: expect.any(String),
      userId,
      displayName: 'Ada L.',
      headline: 'Errands and heavy lifting',
      bio: 'Ten years of moving things carefully.',
      skills: ['moving', 'assembly'],
      skillDetails: [],
      photos: [],
      hourlyRateCents: 2500,
      minPriceCents: null,
      location: { lat: 48.8566, lng: 2.3522, city: 'Paris', region: null, country: 'FR' },
      defaultRadiusMeters: 10_000,
      averageRating: null,
      completedTasks: 0,
      verificationTier: 0,
      isAvailable: true,
      isListed: false,
      createdAt: expect.any(String),
    });
  });

  it('accepts an empty body: every field is optional, with the defaults', async () => {
    const user = await signUpViaApi('worker');
    const res = await call(create, '/v1/workers', { token: user.token, ip: uniqueIp(), body: {} });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      displayName: null,
      skills: null,
      photos: [],
      location: null,
      defaultRadiusMeters: 25_000,
      isAvailable: true,
      isListed: false,
    });
  });

  it('trims text fields', async () => {
    const { profile } = await createWorkerViaApi({ ...COMPLETE_PROFILE, displayName: '  Ada  ', skills: [' a '] });
    expect(profile.displayName).toBe('Ada');
    expect(profile.skills).toEqual(['a']);
  });
});
