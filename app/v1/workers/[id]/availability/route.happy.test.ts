import { describe, expect, it } from 'vitest';
import { PUT } from '@/app/v1/workers/me/availability/route';
import { getDatabase } from '@/db/client';
import { insertApiKey, insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { insertWorkerProfile } from '@/test/workers';
import { GET } from './route';

const DAY = 86_400_000;

const windows = (id: string, token: string, query?: Record<string, string>) =>
  call(GET, `/v1/workers/${id}/availability`, { token, query, params: { id }, ip: uniqueIp() });

/** A listed worker whose schedule is set through PUT /v1/workers/me/availability. */
async function workerWithSchedule(body: unknown, listed = true) {
  const { userId, token } = await signUpViaApi('windows');
  const profile = await insertWorkerProfile(userId, { isListed: listed });
  const res = await call(PUT, '/v1/workers/me/availability', { token, body, ip: uniqueIp() });
  expect(res.status, res.text).toBe(200);
  return { profile, token };
}

async function agentKey() {
  const { db } = await getDatabase();
  const agent = await insertUser(db, { type: 'agent' });
  return (await insertApiKey(db, { userId: agent.id, scopes: ['workers:read'] })).key;
}

describe('GET /v1/workers/{id}/availability', () => {
  it('expands the week that New York springs forward into UTC windows, with an exception', async () => {
    const { profile } = await workerWithSchedule({
      timeZone: 'America/New_York',
      weekly: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, start: '09:00', end: '17:00' })),
      exceptions: [
        { date: '2025-03-08', available: false },
        { date: '2025-03-10', available: true, start: '17:00', end: '19:00' },
      ],
    });
    const res = await windows(profile.id, await agentKey(), {
      from: '2025-03-07T00:00:00Z',
      to: '2025-03-10T22:00:00Z',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      data: [
        { start: '2025-03-07T14:00:00.000Z', end: '2025-03-07T22:00:00.000Z' },
        { start: '2025-03-09T13:00:00.000Z', end: '2025-03-09T21:00:00.000Z' },
        { start: '2025-03-10T13:00:00.000Z', end: '2025-03-10T22:00:00.000Z' },
      ],
    });
  });

  it('defaults to now through 14 days on, clipped at both ends; from alone spans 14 days', async () => {
    const { profile, token } = await workerWithSchedule({
      timeZone: 'UTC',
      weekly: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, start: '00:00', end: '24:00' })),
    });
    const before = Date.now();
    const res = await windows(profile.id, token);
    expect(res.status).toBe(200);
    expect(res.json.data).toHaveLength(1);
    const [window] = res.json.data;
    expect(Date.parse(window.start)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(window.start)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(window.end) - Date.parse(window.start)).toBe(14 * DAY);

    const fromOnly = await windows(profile.id, token, { from: '2030-01-01T12:00:00+01:00' });
    expect(fromOnly.json).toEqual({ data: [{ start: '2030-01-01T11:00:00.000Z', end: '2030-01-15T11:00:00.000Z' }] });
  });

  it('an empty schedule, and exactly 90 days, are fine', async () => {
    const { profile, token } = await workerWithSchedule({ timeZone: 'UTC', weekly: [] });
    const res = await windows(profile.id, token, { from: '2030-01-01T00:00:00Z', to: '2030-04-01T00:00:00Z' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [] });
  });

  it('the owner sees their own unlisted schedule', async () => {
    const { profile, token } = await workerWithSchedule(
      { timeZone: 'Europe/Berlin', weekly: [{ dayOfWeek: 4, start: '09:00', end: '10:00' }] },
      false,
    );
    const res = await windows(profile.id, token, { from: '2025-10-23T00:00:00Z', to: '2025-10-31T00:00:00Z' });
    expect(res.json).toEqual({
      data: [
        { start: '2025-10-23T07:00:00.000Z', end: '2025-10-23T08:00:00.000Z' },
        { start: '2025-10-30T08:00:00.000Z', end: '2025-10-30T09:00:00.000Z' },
      ],
    });
  });
});
