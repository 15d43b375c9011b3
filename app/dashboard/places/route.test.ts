import { describe, expect, it } from 'vitest';
import { signInByCookie } from '@/test/browser-session';
import { envForFile, NEXT_AUTH_TEST_ENV } from '@/test/env';
import { envelope, validationEnvelope } from '@/test/expect';
import { runAppRoute } from '@/test/next-route';
import { signUpViaApi } from '@/test/sessions';
import * as placesRoute from './route';

// The place picker's suggestions, by session cookie: the answer of GET /v1/geo/places.

envForFile(NEXT_AUTH_TEST_ENV);

const SITE = 'http://localhost:3000';

function suggest(query: string, cookie?: string) {
  const headers = new Headers();
  if (cookie) headers.set('cookie', cookie);
  return runAppRoute(placesRoute, '/dashboard/places', new Request(`${SITE}/dashboard/places?${query}`, { headers }));
}

describe('GET /dashboard/places (session cookie)', () => {
  it('answers the places whose name starts with q, best first', async () => {
    const { userId } = await signUpViaApi('picker');
    const res = await suggest('q=lyo&limit=3', await signInByCookie(userId));
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.map((place: { name: string; country: string }) => `${place.name}, ${place.country}`)).toEqual([
      'Lyon, FR',
      'Lyons, US',
      'Lyozna, BY',
    ]);
    expect(res.json.data[0]).toEqual({
      name: 'Lyon',
      country: 'FR',
      region: null,
      lat: 45.74846,
      lng: 4.84671,
      population: 472_317,
    });
  });

  it('refuses a bad q with the API’s 400, and anyone signed out with 401', async () => {
    const { userId } = await signUpViaApi('picker');
    const cookie = await signInByCookie(userId);
    const empty = await suggest('q=', cookie);
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual(validationEnvelope(empty.json.error.issues));
    expect(empty.json.error.issues).toContainEqual(expect.objectContaining({ path: ['q'] }));
    expect((await suggest(`q=${'x'.repeat(101)}`, cookie)).status).toBe(400);
    const signedOut = await suggest('q=lyo');
    expect(signedOut.status).toBe(401);
    expect(signedOut.json).toEqual(envelope('UNAUTHORIZED'));
  });
});
