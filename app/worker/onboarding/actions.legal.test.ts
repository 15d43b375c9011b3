import { describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@/db/client';
import { legalDocuments } from '@/lib/services/legal/legal-documents';
import { getOwnWorkerProfile } from '@/lib/services/workers/get-own-worker-profile';
import { signInByCookie } from '@/test/browser-session';
import { envForFile, NEXT_AUTH_TEST_ENV } from '@/test/env';
import { uniqueIp } from '@/test/http';
import { acceptancesOf } from '@/test/legal';
import { runAppRoute } from '@/test/next-route';
import { signUpViaApi } from '@/test/sessions';
import { type StepState, saveProfileAction } from './actions';

// The onboarding profile step's first save creates the profile, with the worker agreement box: posted the way a
// browser posts a server action, inside Next's request scope with the session cookie.

envForFile(NEXT_AUTH_TEST_ENV);

// revalidatePath needs the render's static generation store, which a route handler run here does not open.
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));

async function saveProfile(cookie: string, fields: Record<string, string>, ip = uniqueIp()) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const answer = async () => Response.json(await saveProfileAction({}, form));
  const headers = new Headers({ 'x-legwork-peer-address': ip, cookie });
  const request = new Request('http://localhost:3000/worker/onboarding', { method: 'POST', headers });
  const res = await runAppRoute({ POST: answer }, '/worker/onboarding', request);
  expect(res.status, res.text).toBe(200);
  return res.json as StepState;
}

describe('the onboarding profile step and the worker agreement', () => {
  it('refuses a first save without the box, under the box, and creates nothing', async () => {
    const person = await signUpViaApi('onboarding-legal-refused');
    const cookie = await signInByCookie(person.userId);
    expect(await saveProfile(cookie, { displayName: 'Kim' })).toEqual({
      error: 'Check Worker Agreement.',
      fieldErrors: { acceptWorkerAgreement: 'Accept the Worker Agreement to create your profile' },
    });
    const { db } = await getDatabase();
    expect(await getOwnWorkerProfile(db, person.userId)).toBeNull();
    expect(await acceptancesOf(person.userId)).toEqual([]);
  });

  it('records the agreement with the new profile; later saves do not ask again', async () => {
    const person = await signUpViaApi('onboarding-legal');
    const cookie = await signInByCookie(person.userId);
    expect(await saveProfile(cookie, { displayName: 'Kim', acceptWorkerAgreement: 'on' }, '198.51.100.40')).toEqual({
      saved: true,
    });
    expect(await acceptancesOf(person.userId)).toEqual([
      { slug: 'worker-agreement', version: legalDocuments()['worker-agreement'].version, ip: '198.51.100.40' },
    ]);
    expect(await saveProfile(cookie, { displayName: 'Kim B.' })).toEqual({ saved: true });
    const { db } = await getDatabase();
    expect((await getOwnWorkerProfile(db, person.userId))?.displayName).toBe('Kim B.');
  });
});
