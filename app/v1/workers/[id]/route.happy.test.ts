import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { workerAvailabilityExceptions, workerAvailabilityRules, workerProfiles } from '@/db/schema';
import { insertApiKey } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { COMPLETE_PROFILE, createWorkerViaApi } from '@/test/worker-profiles';
import { GET as getWorker, PATCH as patchWorker } from './route';

const path = (id: string) => `/v1/workers/${id}`;

async function listWorker(workerId: string) {
  const { db } = await getDatabase();
  await db.update(workerProfiles).set({ isListed: true }).where(eq(workerProfiles.id, workerId));
}

describe('GET /v1/workers/{id}', () => {
  it('the owner sees their unlisted profile with an empty schedule', async () => {
    const { token, workerId, profile } = await createWorkerViaApi();
    const res = await call(getWorker, path(workerId), { token, ip: uniqueIp(), params: { id: workerId } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { ...profile, availability: { weekly: [], exceptions: [] } } });
  });

  it('anyone with a session or a workers:read key sees a listed profile, with its schedule as HH:MM', async () => {
    const { workerId, profile } = await createWorkerViaApi();
    await listWorker(workerId);
    const { db } = await getDatabase();
    await db.insert(workerAvailabilityRules).values([
      { workerId, dayOfWeek: 2, startMinute: 13 * 60, endMinute: 17 * 60 + 30, timeZone: 'Europe/Paris' },
      { workerId, dayOfWeek: 1, startMinute: 9 * 60, endMinute: 24 * 60, timeZone: 'Europe/Paris' },
    ]);
    await db.insert(workerAvailabilityExceptions).values([
      { workerId, date: '2030-01-02', available: false, timeZone: 'Europe/Paris' },
      { workerId, date: '2030-01-01', available: true, startMinute: 600, endMinute: 660, timeZone: 'Europe/Paris' },
    ]);
    const viewer = await signUpViaApi('agent-op');
    const { key } = await insertApiKey(db, { userId: viewer.userId, scopes: ['workers:read'] });
    for (const token of [viewer.token, key]) {
      const res = await call(getWorker, path(workerId), { token, ip: uniqueIp(), params: { id: workerId } });
      expect(res.status).toBe(200);
      expect(res.json.data).toEqual({
        ...profile,
        location: { ...profile.location, lat: 48.86, lng: 2.35 },
        isListed: true,
        availability: {
          weekly: [
            { dayOfWeek: 1, start: '09:00', end: '24:00', timeZone: 'Europe/Paris' },
            { dayOfWeek: 2, start: '13:00', end: '17:30', timeZone: 'Europe/Paris' },
          ],
          exceptions: [
            { date: '2030-01-01', available: true, start: '10:00', end: '11:00', timeZone: 'Europe/Paris' },
            { date: '2030-01-02', available: false, start: null, end: null, timeZone: 'Europe/Paris' },
          ],
        },
      });
    }
  });
});

describe('GET /v1/workers/{id} of an unlisted profile', () => {
  it('answers any signed-in caller, with isListed false and the location to 2 decimals; the owner sees it exact', async () => {
    const { token, workerId, profile } = await createWorkerViaApi({
      ...COMPLETE_PROFILE,
      location: { lat: -33.868_49, lng: 151.207_32, city: 'Sydney', country: 'AU' },
    });
    expect(profile.isListed).toBe(false);
    const stranger = await signUpViaApi('stranger');
    const { db } = await getDatabase();
    const { key } = await insertApiKey(db, { userId: stranger.userId, scopes: ['workers:read'] });
    for (const viewer of [stranger.token, key]) {
      const res = await call(getWorker, path(workerId), { token: viewer, ip: uniqueIp(), params: { id: workerId } });
      expect(res.status, res.text).toBe(200);
      expect(res.json.data).toEqual({
        ...profile,
        location: { lat: -33.87, lng: 151.21, city: 'Sydney', region: null, country: 'AU' },
        availability: { weekly: [], exceptions: [] },
      });
    }
    const own = await call(getWorker, path(workerId), { token, ip: uniqueIp(), params: { id: workerId } });
    expect(own.json.data.location).toEqual({
      lat: -33.868_49,
      lng: 151.207_32,
      city: 'Sydney',
      region: null,
      country: 'AU',
    });
  });
});

describe('PATCH /v1/workers/{id}', () => {
  it('the owner updates their profile by id', async () => {
    const { token, workerId, profile } = await createWorkerViaApi();
    const res = await call(patchWorker, path(workerId), {
      token,
      ip: uniqueIp(),
      params: { id: workerId },
      body: { skills: null, hourlyRateCents: 100_000 },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ ...profile, skills: null, hourlyRateCents: 100_000 });
  });
});
