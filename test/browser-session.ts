import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as nextAuthRoute from '@/app/api/auth/[...nextauth]/route';
import { getDatabase } from '@/db/client';
import { users } from '@/db/schema';
import { uniqueIp } from './http';
import { runAppRoute } from './next-route';

// The pages' route handlers (/dashboard/…) read the next-auth session cookie: tests sign in for real to get one.

const PASSWORD = 'correct horse battery';

/**
 * Signs a user (with the factories' password) in through next-auth's credentials callback; returns the Cookie header a
 * browser would send. The caller's test file must set NEXT_AUTH_TEST_ENV (envForFile).
 */
export async function signInByCookie(userId: string): Promise<string> {
  const { db } = await getDatabase();
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const email = user?.email ?? '';
  const ip = uniqueIp();
  const jar = new Map<string, string>();
  const send = async (segments: string[], form?: Record<string, string>) => {
    const headers = new Headers({ 'x-legwork-peer-address': ip });
    if (jar.size) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    if (form) headers.set('content-type', 'application/x-www-form-urlencoded');
    const request = new Request(new URL(`/api/auth/${segments.join('/')}`, 'http://localhost:3000'), {
      method: form ? 'POST' : 'GET',
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    const res = await runAppRoute(nextAuthRoute, '/api/auth/[...nextauth]', request, { nextauth: segments });
    for (const header of res.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
    return res;
  };
  const csrf = await send(['csrf']);
  const res = await send(['callback', 'credentials'], {
    csrfToken: csrf.json.csrfToken,
    email,
    password: PASSWORD,
    json: 'true',
  });
  expect(res.status).toBe(200);
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
