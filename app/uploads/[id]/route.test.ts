import { describe, expect, it } from 'vitest';
import { POST as upload } from '@/app/v1/uploads/route';
import { getDatabase } from '@/db/client';
import { disputeEvidence, disputes, services } from '@/db/schema';
import { insertTask } from '@/test/agents';
import { signInByCookie } from '@/test/browser-session';
import { envForFile, NEXT_AUTH_TEST_ENV } from '@/test/env';
import { insertApiKey, insertUser } from '@/test/factories';
import { send } from '@/test/http';
import { intakeAdminForFile } from '@/test/intake';
import { runAppRoute } from '@/test/next-route';
import { signUpViaApi } from '@/test/sessions';
import { callAction, fundedParties, taskInStatus } from '@/test/tasks';
import { PNG_BYTES, uploadRequest, withTemporaryDataDir } from '@/test/worker-profiles';
import * as serveRoute from './route';

// Who may fetch /uploads/{id}: profile and service photos are public and cacheable; proof and dispute evidence go to
// the task's parties and admins only, never cached; an upload linked to nothing yet, to its uploader only. Everyone
// else gets the 404 of an unknown id.

envForFile(NEXT_AUTH_TEST_ENV);
withTemporaryDataDir();
const admin = intakeAdminForFile();

const SANDBOX = "default-src 'none'; sandbox; frame-ancestors 'none'";

/** GET /uploads/{id} through Next, with a Bearer credential, a session cookie, or nothing. */
async function fetchUpload(id: string, as: { token?: string; cookie?: string } = {}) {
  const headers = new Headers();
  if (as.token) headers.set('authorization', `Bearer ${as.token}`);
  if (as.cookie) headers.set('cookie', as.cookie);
  const res = await runAppRoute(
    serveRoute,
    '/uploads/[id]',
    new Request(`http://localhost:3000/uploads/${id}`, { headers }),
    {
      id,
    },
  );
  expect(res.headers.get('content-security-policy')).toBe(SANDBOX);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  return res;
}

const PRIVATE = 'private, no-store';
const PUBLIC = 'public, max-age=31536000, immutable';

async function expectServed(id: string, as: { token?: string; cookie?: string }, cache: string) {
  const res = await fetchUpload(id, as);
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(res.headers.get('cache-control')).toBe(cache);
}

/** Exactly what an unknown id answers: nothing says the upload exists. */
async function expectHidden(id: string, as: { token?: string; cookie?: string }) {
  const res = await fetchUpload(id, as);
  const unknown = await fetchUpload('00000000-0000-4000-8000-000000000000', as);
  expect(res.status).toBe(404);
  expect({ text: res.text, cache: res.headers.get('cache-control') }).toEqual({
    text: unknown.text,
    cache: unknown.headers.get('cache-control'),
  });
}

const uploadAs = async (token: string) => {
  const res = await send(upload, uploadRequest(PNG_BYTES, { token }));
  expect(res.status, res.text).toBe(201);
  return res.json.data.id as string;
};

describe('GET /uploads/{id} visibility', () => {
  it('a proof photo: the worker, the requester (Bearer or cookie) and an admin’s session; nobody else', async () => {
    const parties = await fundedParties();
    const task = await taskInStatus(parties, 'accepted');
    const photoId = await uploadAs(parties.worker.token);
    const submitted = await callAction('submit', task.id, parties.worker.token, {
      note: 'Done: the shop front.',
      photoIds: [photoId],
    });
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.json.data.proof.photos).toEqual([
      { id: photoId, url: `http://localhost:3000/uploads/${photoId}` },
    ]);

    await expectServed(photoId, { token: parties.worker.token }, PRIVATE);
    await expectServed(photoId, { token: parties.requester.token }, PRIVATE);
    await expectServed(photoId, { cookie: await signInByCookie(parties.requester.id) }, PRIVATE);
    await expectServed(photoId, { token: admin.token }, PRIVATE);

    const stranger = await signUpViaApi('stranger');
    await expectHidden(photoId, { token: stranger.token });
    await expectHidden(photoId, { cookie: await signInByCookie(stranger.userId) });
    await expectHidden(photoId, {});
    await expectHidden(photoId, { token: 'lgw_test_not-a-real-key' });
    // An admin's API key is an ordinary key: no admin power (isAdminCaller).
    const { db } = await getDatabase();
    const { key: adminKey } = await insertApiKey(db, { userId: admin.userId, scopes: [] });
    await expectHidden(photoId, { token: adminKey });
  });

  it('dispute evidence: the agent requester, its operator and the worker; not another agent of someone else', async () => {
    const { db } = await getDatabase();
    const operator = await signUpViaApi('operator');
    const agent = await insertUser(db, { type: 'agent', ownerId: operator.userId, email: null, name: 'Scout' });
    const { key: agentKey } = await insertApiKey(db, { userId: agent.id, scopes: [] });
    const worker = await signUpViaApi('worker');
    const task = await insertTask(agent.id, { workerId: worker.userId, livemode: false });
    const evidenceId = await uploadAs(worker.token);
    const [dispute] = await db
      .insert(disputes)
      .values({ taskId: task.id, openedById: worker.userId, openedBy: 'worker', reason: 'Not paid' })
      .returning();
    await db.insert(disputeEvidence).values({
      disputeId: dispute?.id ?? '',
      authorId: worker.userId,
      by: 'worker',
      text: 'Here',
      uploadIds: [evidenceId],
    });

    await expectServed(evidenceId, { token: agentKey }, PRIVATE);
    await expectServed(evidenceId, { token: operator.token }, PRIVATE);
    await expectServed(evidenceId, { token: worker.token }, PRIVATE);

    const otherOperator = await signUpViaApi('other-operator');
    const otherAgent = await insertUser(db, { type: 'agent', ownerId: otherOperator.userId, email: null });
    const { key: otherKey } = await insertApiKey(db, { userId: otherAgent.id, scopes: [] });
    await expectHidden(evidenceId, { token: otherKey });
    await expectHidden(evidenceId, { token: otherOperator.token });

    // The worker's other uploads are not the task's: the requester side sees only what was put forward.
    const unrelated = await uploadAs(worker.token);
    await expectHidden(unrelated, { token: operator.token });
  });

  it('an upload linked to nothing yet is its uploader’s only; a service photo is public and cacheable', async () => {
    const { db } = await getDatabase();
    const worker = await signUpViaApi('worker');
    const stranger = await signUpViaApi('stranger');
    const id = await uploadAs(worker.token);
    await expectServed(id, { token: worker.token }, PRIVATE);
    await expectHidden(id, { token: stranger.token });
    await expectHidden(id, {});

    await db.insert(services).values({
      workerId: worker.userId,
      title: 'Shelf assembly',
      category: 'assembly',
      priceCents: 5_000,
      durationMinutes: 60,
      photos: [id],
    });
    await expectServed(id, {}, PUBLIC);
    await expectServed(id, { token: stranger.token }, PUBLIC);
  });
});
