import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { pushSubscriptions } from '@/db/schema';
import { signInByCookie } from '@/test/browser-session';
import { envForFile, NEXT_AUTH_TEST_ENV } from '@/test/env';
import { runAppRoute } from '@/test/next-route';
import { signUpViaApi } from '@/test/sessions';
import * as subscribeRoute from './route';

// The worker home's "Enable notifications" button stores its browser's subscription here, by session cookie, with
// the API's own body rules.

envForFile(NEXT_AUTH_TEST_ENV);

const SITE = 'http://localhost:3000';

function subscribe(body: unknown, options: { cookie?: string; origin?: string } = {}) {
  const headers = new Headers({ origin: options.origin ?? SITE, 'content-type': 'application/json' });
  if (options.cookie) headers.set('cookie', options.cookie);
  const request = new Request(`${SITE}/dashboard/push-subscriptions`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return runAppRoute(subscribeRoute, '/dashboard/push-subscriptions', request);
}

const browserKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
};

describe('POST /dashboard/push-subscriptions (session cookie)', () => {
  it('stores the signed-in person’s subscription, then answers 200 for the same endpoint', async () => {
    const { userId } = await signUpViaApi('page-push');
    const cookie = await signInByCookie(userId);
    const body = { endpoint: `https://push.example.com/send/${randomUUID()}`, keys: browserKeys() };
    const first = await subscribe(body, { cookie });
    expect(first.status, first.text).toBe(201);
    expect(first.json.data).toMatchObject({ id: expect.any(String), endpoint: body.endpoint });
    expect((await subscribe(body, { cookie })).status).toBe(200);
    const { db } = await getDatabase();
    expect(await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).toHaveLength(1);
  });

  it('refuses a bad endpoint naming it, a signed-out caller, and another origin', async () => {
    const { userId } = await signUpViaApi('page-push-bad');
    const cookie = await signInByCookie(userId);
    const bad = await subscribe({ endpoint: 'http://push.example.com/x', keys: browserKeys() }, { cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.error.issues[0].path).toEqual(['endpoint']);
    const body = { endpoint: `https://push.example.com/send/${randomUUID()}`, keys: browserKeys() };
    expect((await subscribe(body)).status).toBe(401);
    expect((await subscribe(body, { cookie, origin: 'https://evil.example' })).status).toBe(403);
  });
});
