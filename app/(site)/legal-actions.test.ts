import { describe, expect, it, vi } from 'vitest';
import type { ActionState } from '@/components/ui/action-form';
import { getDatabase } from '@/db/client';
import { findPendingLegal } from '@/lib/services/legal/find-pending-legal';
import { legalDocuments } from '@/lib/services/legal/legal-documents';
import { signInByCookie } from '@/test/browser-session';
import { envForFile, NEXT_AUTH_TEST_ENV } from '@/test/env';
import { acceptancesOf } from '@/test/legal';
import { runAppRoute } from '@/test/next-route';
import { signUpViaApi } from '@/test/sessions';
import { createWorkerViaApi } from '@/test/worker-profiles';
import { acceptPendingLegalAction } from './legal-actions';

// The banner's "Accept" button, posted the way a browser posts a server action: inside Next's request scope,
// with the session cookie (or none), from a client address.

envForFile(NEXT_AUTH_TEST_ENV);

// revalidatePath needs the render's static generation store, which a route handler run here does not open: the
// pages it names are recorded instead.
const revalidated = vi.hoisted(() => [] as string[]);
vi.mock('next/cache', () => ({ revalidatePath: (path: string) => revalidated.push(path) }));

async function accept(cookie: string | undefined, ip: string) {
  const answer = async () => Response.json(await acceptPendingLegalAction({}));
  const headers = new Headers({ 'x-legwork-peer-address': ip });
  if (cookie) headers.set('cookie', cookie);
  const request = new Request('http://localhost:3000/dashboard', { method: 'POST', headers });
  const res = await runAppRoute({ POST: answer }, '/dashboard', request);
  expect(res.status, res.text).toBe(200);
  return res.json as ActionState;
}

describe('the legal banner’s Accept button', () => {
  it('accepts every pending document’s current version, from the request’s address', async () => {
    const worker = await createWorkerViaApi();
    const cookie = await signInByCookie(worker.userId);
    const { db } = await getDatabase();
    expect(await findPendingLegal(db, { userId: worker.userId })).toEqual(['terms', 'privacy', 'worker-agreement']);

    expect(await accept(cookie, '198.51.100.23')).toEqual({ saved: true });
    const documents = legalDocuments();
    expect(await acceptancesOf(worker.userId)).toEqual([
      { slug: 'privacy', version: documents.privacy.version, ip: '198.51.100.23' },
      { slug: 'terms', version: documents.terms.version, ip: '198.51.100.23' },
      { slug: 'worker-agreement', version: documents['worker-agreement'].version, ip: '198.51.100.23' },
    ]);
    expect(await findPendingLegal(db, { userId: worker.userId })).toEqual([]);
    expect(revalidated).toContain('/');

    // Pressed again (a second tab): nothing left to record, nothing changes.
    expect(await accept(cookie, '198.51.100.24')).toEqual({ saved: true });
    expect(await acceptancesOf(worker.userId)).toHaveLength(3);
  });

  it('without a session it records nothing', async () => {
    const person = await signUpViaApi('banner-signed-out');
    expect(await accept(undefined, '198.51.100.25')).toEqual({ error: 'Your session ended. Log in again.' });
    expect(await acceptancesOf(person.userId)).toEqual([]);
  });
});
