import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { rateLimitCounters } from '@/db/schema';
import { rateLimitPerMinute } from '@/lib/api/rate-limit-policy';
import { signInByCookie } from '@/test/browser-session';
import { envForFile, NEXT_AUTH_TEST_ENV } from '@/test/env';
import { ensureWindowRoom, envelope } from '@/test/expect';
import { posted, thread } from '@/test/messages';
import { runAppRoute } from '@/test/next-route';
import { signUpViaApi } from '@/test/sessions';
import * as awaitRoute from './route';

// The pages' long poll: the session cookie (not a bearer token) names the caller; the answers are those of
// GET /v1/tasks/{id}/messages/await. The route reads the cookie through `next/headers`, so it runs inside
// Next's own request scope (test/next-route.ts), after a real sign-in through next-auth.

const ROUTE = '/dashboard/tasks/[id]/messages/await';
envForFile(NEXT_AUTH_TEST_ENV);

function poll(taskId: string, query: Record<string, string>, cookie?: string) {
  const url = new URL(`/dashboard/tasks/${taskId}/messages/await`, 'http://localhost:3000');
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const headers = new Headers(cookie ? { cookie } : {});
  return runAppRoute(awaitRoute, ROUTE, new Request(url, { headers }), { id: taskId });
}

describe('GET /dashboard/tasks/{id}/messages/await (session cookie)', () => {
  it('answers the other side’s messages newer than sinceMessageId to either side, signed in by cookie', async () => {
    const { parties, task } = await thread();
    const m1 = await posted(parties.worker.token, task.id, 'one');
    await posted(parties.operator.token, task.id, 'mine');
    const m3 = await posted(parties.worker.token, task.id, 'two');

    const operator = await signInByCookie(parties.operator.id);
    const res = await poll(task.id, { sinceMessageId: m1.id, timeoutSec: '30' }, operator);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toEqual({ data: [m3] });

    const worker = await signInByCookie(parties.worker.id);
    const back = await poll(task.id, { sinceMessageId: m1.id, timeoutSec: '1' }, worker);
    expect(back.status).toBe(200);
    expect(back.json.data.map((message: { body: string }) => message.body)).toEqual(['mine']);
  });

  it('wakes when the other side posts, and answers [] on timeout', async () => {
    const { parties, task } = await thread();
    const worker = await signInByCookie(parties.worker.id);
    const waiting = poll(task.id, { timeoutSec: '10' }, worker);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const message = await posted(parties.agent.token, task.id, 'are you there?');
    const res = await waiting;
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [message] });

    const started = performance.now();
    const quiet = await poll(task.id, { sinceMessageId: message.id, timeoutSec: '1' }, worker);
    expect(quiet.json).toEqual({ data: [] });
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('401 without a session; 404 for a signed-in stranger and a malformed id; 409 before acceptance; 400 on a bad query', async () => {
    const { parties, task } = await thread();
    const none = await poll(task.id, { timeoutSec: '1' });
    expect(none.status).toBe(401);
    expect(none.json.error.code).toBe('UNAUTHORIZED');

    const stranger = await signUpViaApi('await-stranger');
    const strangerCookie = await signInByCookie(stranger.userId);
    const outside = await poll(task.id, { timeoutSec: '1' }, strangerCookie);
    expect(outside.status).toBe(404);
    expect(outside.json.error.code).toBe('NOT_FOUND');
    for (const id of ['not-a-task', '-'.repeat(36)]) {
      expect((await poll(id, { timeoutSec: '1' }, strangerCookie)).status).toBe(404);
    }

    const worker = await signInByCookie(parties.worker.id);
    const invalid = await poll(task.id, { timeoutSec: '600' }, worker);
    expect(invalid.status).toBe(400);
    expect(invalid.json.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      issues: [{ path: ['timeoutSec'], message: 'Must be at most 60' }],
    });

    const posted = await thread('posted');
    const operator = await signInByCookie(posted.parties.operator.id);
    const closed = await poll(posted.task.id, { timeoutSec: '1' }, operator);
    expect(closed.status).toBe(409);
    expect(closed.json.error.code).toBe('THREAD_NOT_OPEN');
  });

  it('counts in the user’s per-minute bucket, like their API calls: past the limit → 429 with Retry-After', async () => {
    const { parties, task } = await thread();
    const worker = await signInByCookie(parties.worker.id);
    await ensureWindowRoom(60, 10);
    const first = await poll(task.id, { timeoutSec: '1' }, worker);
    expect(first.status).toBe(200);
    const limit = rateLimitPerMinute.default;
    expect(first.headers.get('ratelimit-policy')).toBe(`"user";q=${limit};w=60`);

    // Spend the rest of the window's allowance in one statement rather than 600 polls.
    const { db } = await getDatabase();
    await db
      .update(rateLimitCounters)
      .set({ count: sql`${limit}` })
      .where(eq(rateLimitCounters.bucket, `user:${parties.worker.id}`));
    const refused = await poll(task.id, { timeoutSec: '1' }, worker);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(refused.json).toEqual(
      envelope('RATE_LIMIT_EXCEEDED', { details: { retryAfter, limit, windowSeconds: 60 } }),
    );
  });
});
