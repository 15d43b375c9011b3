import { describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@/db/client';
import { setAvailabilityBody } from '@/lib/schemas/worker-availability';
import { getOwnAvailability } from '@/lib/services/workers/get-own-availability';
import { setAvailability } from '@/lib/services/workers/set-availability';
import { signInByCookie } from '@/test/browser-session';
import { envForFile, NEXT_AUTH_TEST_ENV } from '@/test/env';
import { uniqueIp } from '@/test/http';
import { runAppRoute } from '@/test/next-route';
import { signUpViaApi } from '@/test/sessions';
import { insertWorkerProfile } from '@/test/workers';
import { saveAvailabilityAction } from './actions';

// The hours editor's action, posted the way a browser posts a server action: inside Next's request scope.

envForFile(NEXT_AUTH_TEST_ENV);

const revalidated: string[] = [];
vi.mock('next/cache', () => ({ revalidatePath: (path: string) => revalidated.push(path) }));

async function save(userId: string, fields: { timeZone: string; weekly: unknown }) {
  const form = new FormData();
  form.set('timeZone', fields.timeZone);
  form.set('weekly', typeof fields.weekly === 'string' ? fields.weekly : JSON.stringify(fields.weekly));
  const request = new Request('http://localhost:3000/worker/services', {
    method: 'POST',
    headers: { cookie: await signInByCookie(userId), 'x-legwork-peer-address': uniqueIp() },
  });
  const answer = async () => Response.json(await saveAvailabilityAction({}, form));
  return (await runAppRoute({ POST: answer }, '/worker/services', request, {})).json;
}

async function worker() {
  const { userId } = await signUpViaApi('hours');
  const profile = await insertWorkerProfile(userId);
  return { userId, profileId: profile.id };
}

describe('the hours editor’s action', () => {
  it('saves the weekly windows and keeps the exceptions set through the API', async () => {
    const { userId, profileId } = await worker();
    const { db } = await getDatabase();
    await setAvailability(
      db,
      userId,
      setAvailabilityBody.parse({
        timeZone: 'UTC',
        weekly: [],
        exceptions: [{ date: '2030-01-01', available: false }],
      }),
    );
    const weekly = [
      { dayOfWeek: 1, start: '09:00', end: '12:00' },
      { dayOfWeek: 1, start: '13:00', end: '24:00' },
    ];
    expect(await save(userId, { timeZone: 'Europe/Lisbon', weekly })).toEqual({ saved: true });
    expect(revalidated).toContain('/worker/services');
    expect(await getOwnAvailability(db, { profileId })).toEqual({
      timeZone: 'Europe/Lisbon',
      weekly,
      exceptions: [{ date: '2030-01-01', available: false }],
    });
  });

  it('names the row that overlaps or ends before it starts, and the zone, and saves nothing', async () => {
    const { userId, profileId } = await worker();
    const weekly = [
      { dayOfWeek: 2, start: '09:00', end: '12:00' },
      { dayOfWeek: 2, start: '11:00', end: '14:00' },
      { dayOfWeek: 3, start: '15:00', end: '10:00' },
      { dayOfWeek: 4, start: '', end: '10:00' },
    ];
    expect(await save(userId, { timeZone: 'Mars/Olympus', weekly })).toEqual({
      error: 'Nothing was saved: fix the marked hours.',
      fieldErrors: {
        timeZone: 'Must be an IANA time zone, e.g. Europe/Berlin',
        'weekly.1': 'Overlaps another window on the same day',
        'weekly.2': 'End must be after start',
        'weekly.3': 'Must be a local time HH:MM between 00:00 and 24:00',
      },
    });
    const { db } = await getDatabase();
    expect((await getOwnAvailability(db, { profileId })).weekly).toEqual([]);
  });

  it('answers a body that is not JSON, or a human without a profile, with a message, not a 500', async () => {
    const { userId } = await worker();
    expect(await save(userId, { timeZone: 'UTC', weekly: '{nope' })).toMatchObject({
      fieldErrors: { weekly: 'The hours could not be read.' },
    });
    const { userId: noProfile } = await signUpViaApi('no-profile');
    expect(await save(noProfile, { timeZone: 'UTC', weekly: [] })).toEqual({
      error: 'Create your worker profile first.',
    });
  });
});
