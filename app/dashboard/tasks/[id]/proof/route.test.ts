import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { tasks } from '@/db/schema';
import { signInByCookie } from '@/test/browser-session';
import { envForFile, NEXT_AUTH_TEST_ENV } from '@/test/env';
import { envelope } from '@/test/expect';
import { runAppRoute } from '@/test/next-route';
import { taskBetween, taskEvents, taskParties, taskRow } from '@/test/tasks';
import * as proofRoute from './route';

// The offline proof queue's submit: by session cookie, replayed (not run again) for the same Idempotency-Key.

envForFile(NEXT_AUTH_TEST_ENV);

const SITE = 'http://localhost:3000';
const ROUTE = '/dashboard/tasks/[id]/proof';

function submit(taskId: string, cookie: string, key: string, body: unknown = { note: 'Done, photo on the shelf' }) {
  const headers = new Headers({ origin: SITE, cookie, 'content-type': 'application/json', 'idempotency-key': key });
  const request = new Request(`${SITE}/dashboard/tasks/${taskId}/proof`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return runAppRoute(proofRoute, ROUTE, request, { id: taskId });
}

describe('POST /dashboard/tasks/{id}/proof (session cookie, Idempotency-Key)', () => {
  it('submits once: a retry with the same key is the first answer replayed', async () => {
    const parties = await taskParties();
    const task = await taskBetween(parties, 'accepted');
    const cookie = await signInByCookie(parties.worker.id);
    const key = `submit-${task.id}`;

    const first = await submit(task.id, cookie, key);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ data: { id: task.id, status: 'submitted' } });
    const again = await submit(task.id, cookie, key);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await taskEvents(task.id, /^task\.submitted$/)).length).toBe(1);

    const changed = await submit(task.id, cookie, key, { note: 'Something else' });
    expect(changed.status).toBe(422);
    expect(changed.json.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses a task cancelled before the queued proof arrived, and a malformed body', async () => {
    const parties = await taskParties();
    const task = await taskBetween(parties, 'accepted');
    const cookie = await signInByCookie(parties.worker.id);
    const { db } = await getDatabase();
    await db.update(tasks).set({ status: 'cancelled' }).where(eq(tasks.id, task.id));

    const refused = await submit(task.id, cookie, `submit-${task.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('INVALID_TRANSITION');
    expect((await taskRow(task.id)).status).toBe('cancelled');

    const invalid = await submit(task.id, cookie, `bad-${task.id}`, { photoIds: ['not-an-id'] });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: ['photoIds', '0'] }] });
  });

  it('401 without a session, 403 from another site', async () => {
    const parties = await taskParties();
    const task = await taskBetween(parties, 'accepted');
    const request = (headers: Record<string, string>) =>
      runAppRoute(
        proofRoute,
        ROUTE,
        new Request(`${SITE}/dashboard/tasks/${task.id}/proof`, { method: 'POST', headers, body: '{}' }),
        { id: task.id },
      );
    expect((await request({ origin: SITE })).json).toEqual(envelope('UNAUTHORIZED'));
    const cookie = await signInByCookie(parties.worker.id);
    const foreign = await request({ origin: 'https://evil.example', cookie });
    expect(foreign.status).toBe(403);
  });
});
