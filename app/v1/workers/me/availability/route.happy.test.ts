import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { workerAvailabilityExceptions, workerAvailabilityRules } from '@/db/schema';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { insertWorkerProfile } from '@/test/workers';
import { PUT } from './route';

const put = (token: string, body: unknown) => call(PUT, '/v1/workers/me/availability', { token, body, ip: uniqueIp() });

async function storedRules(workerId: string) {
  const { db } = await getDatabase();
  return db
    .select()
    .from(workerAvailabilityRules)
    .where(eq(workerAvailabilityRules.workerId, workerId))
    .orderBy(asc(workerAvailabilityRules.dayOfWeek), asc(workerAvailabilityRules.startMinute));
}

describe('PUT /v1/workers/me/availability', () => {
  it('stores the schedule in minutes and echoes it sorted, with whole-day exceptions as null times', async () => {
    const { userId, token } = await signUpViaApi('avail');
    const profile = await insertWorkerProfile(userId);
    const res = await put(token, {
      timeZone: 'America/New_York',
      weekly: [
        { dayOfWeek: 3, start: '13:00', end: '17:30' },
        { dayOfWeek: 1, start: '09:00', end: '12:00' },
        { dayOfWeek: 3, start: '08:00', end: '12:00' },
        { dayOfWeek: 6, start: '22:00', end: '24:00' },
      ],
      exceptions: [
        { date: '2026-12-25', available: false },
        { date: '2026-12-24', available: true, start: '10:00', end: '14:00' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      data: {
        timeZone: 'America/New_York',
        weekly: [
          { dayOfWeek: 1, start: '09:00', end: '12:00' },
          { dayOfWeek: 3, start: '08:00', end: '12:00' },
          { dayOfWeek: 3, start: '13:00', end: '17:30' },
          { dayOfWeek: 6, start: '22:00', end: '24:00' },
        ],
        exceptions: [
          { date: '2026-12-24', available: true, start: '10:00', end: '14:00' },
          { date: '2026-12-25', available: false, start: null, end: null },
        ],
      },
    });
    const rules = await storedRules(profile.id);
    expect(rules.map((rule) => [rule.dayOfWeek, rule.startMinute, rule.endMinute, rule.timeZone])).toEqual([
      [1, 540, 720, 'America/New_York'],
      [3, 480, 720, 'America/New_York'],
      [3, 780, 1050, 'America/New_York'],
      [6, 1320, 1440, 'America/New_York'],
    ]);
  });

  it('replaces the whole schedule: old rules and exceptions are gone, an empty schedule is allowed', async () => {
    const { userId, token } = await signUpViaApi('replace');
    const profile = await insertWorkerProfile(userId);
    await put(token, {
      timeZone: 'Europe/Berlin',
      weekly: [{ dayOfWeek: 2, start: '09:00', end: '17:00' }],
      exceptions: [{ date: '2026-05-01', available: false }],
    });
    const replaced = await put(token, {
      timeZone: 'Asia/Tokyo',
      weekly: [{ dayOfWeek: 5, start: '10:00', end: '11:00' }],
    });
    expect(replaced.json).toEqual({
      data: { timeZone: 'Asia/Tokyo', weekly: [{ dayOfWeek: 5, start: '10:00', end: '11:00' }], exceptions: [] },
    });
    expect((await storedRules(profile.id)).map((rule) => rule.timeZone)).toEqual(['Asia/Tokyo']);
    const { db } = await getDatabase();
    const exceptions = await db
      .select()
      .from(workerAvailabilityExceptions)
      .where(eq(workerAvailabilityExceptions.workerId, profile.id));
    expect(exceptions).toEqual([]);

    const cleared = await put(token, { timeZone: 'Asia/Tokyo', weekly: [] });
    expect(cleared.status).toBe(200);
    expect(await storedRules(profile.id)).toEqual([]);
  });

  it('windows that touch (end = next start) on one day are fine', async () => {
    const { userId, token } = await signUpViaApi('touch');
    await insertWorkerProfile(userId);
    const res = await put(token, {
      timeZone: 'UTC',
      weekly: [
        { dayOfWeek: 0, start: '00:00', end: '12:00' },
        { dayOfWeek: 0, start: '12:00', end: '24:00' },
      ],
    });
    expect(res.status, res.text).toBe(200);
  });
});
