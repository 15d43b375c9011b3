import { describe, expect, it } from 'vitest';
import { envelope, validationEnvelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { insertWorkerProfile } from '@/test/workers';
import { PUT } from './route';

const put = (token: string, body: unknown) => call(PUT, '/v1/workers/me/availability', { token, body, ip: uniqueIp() });
const MONDAY = { dayOfWeek: 1, start: '09:00', end: '17:00' };

async function worker() {
  const { userId, token } = await signUpViaApi('availerr');
  await insertWorkerProfile(userId);
  return token;
}

describe('PUT /v1/workers/me/availability: 400 cases', () => {
  it.each([
    [
      'an unknown time zone',
      { timeZone: 'Mars/Olympus', weekly: [] },
      ['timeZone'],
      'Must be an IANA time zone, e.g. Europe/Berlin',
    ],
    [
      'a day outside 0-6',
      { timeZone: 'UTC', weekly: [{ ...MONDAY, dayOfWeek: 7 }] },
      ['weekly', '0', 'dayOfWeek'],
      expect.any(String),
    ],
    [
      'a malformed time',
      { timeZone: 'UTC', weekly: [{ ...MONDAY, start: '9:00' }] },
      ['weekly', '0', 'start'],
      'Must be a local time HH:MM between 00:00 and 24:00',
    ],
    [
      '24:30',
      { timeZone: 'UTC', weekly: [{ ...MONDAY, end: '24:30' }] },
      ['weekly', '0', 'end'],
      'Must be a local time HH:MM between 00:00 and 24:00',
    ],
    [
      'end before start',
      { timeZone: 'UTC', weekly: [{ ...MONDAY, start: '17:00', end: '09:00' }] },
      ['weekly', '0', 'end'],
      'end must be after start',
    ],
    [
      'end equal to start',
      { timeZone: 'UTC', weekly: [{ ...MONDAY, end: '09:00' }] },
      ['weekly', '0', 'end'],
      'end must be after start',
    ],
    [
      'overlapping windows on one day',
      { timeZone: 'UTC', weekly: [MONDAY, { dayOfWeek: 1, start: '16:00', end: '18:00' }] },
      ['weekly', '1'],
      'Overlaps another window on the same day',
    ],
    [
      'an impossible date',
      { timeZone: 'UTC', weekly: [], exceptions: [{ date: '2026-02-30', available: false }] },
      ['exceptions', '0', 'date'],
      'Must be a real calendar date',
    ],
    [
      'a start without an end',
      { timeZone: 'UTC', weekly: [], exceptions: [{ date: '2026-02-03', available: true, start: '10:00' }] },
      ['exceptions', '0', 'end'],
      'Give both start and end, or neither',
    ],
    [
      'an exception ending before it starts',
      {
        timeZone: 'UTC',
        weekly: [],
        exceptions: [{ date: '2026-02-03', available: true, start: '10:00', end: '09:00' }],
      },
      ['exceptions', '0', 'end'],
      'end must be after start',
    ],
  ])('%s', async (_label, body, path, message) => {
    const res = await put(await worker(), body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual(validationEnvelope([{ path, message }]));
  });

  it('missing fields and unknown fields', async () => {
    const token = await worker();
    const missing = await put(token, { weekly: [] });
    expect(missing.status).toBe(400);
    expect(missing.json.error.issues).toEqual([{ path: ['timeZone'], message: expect.any(String) }]);
    const unknown = await put(token, { timeZone: 'UTC', weekly: [{ ...MONDAY, timeZone: 'UTC' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.code).toBe('VALIDATION_ERROR');
  });

  it('404 without a worker profile', async () => {
    const { token } = await signUpViaApi('availnone');
    const res = await put(token, { timeZone: 'UTC', weekly: [MONDAY] });
    expect(res.status).toBe(404);
    expect(res.json).toEqual(
      envelope('NOT_FOUND', { hint: 'Create your worker profile with POST /v1/workers first.' }),
    );
  });
});
