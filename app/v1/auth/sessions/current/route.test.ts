import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { sessions } from '@/db/schema';
import { sha256Hex } from '@/lib/auth/tokens';
import { envelope, UNAUTHORIZED_BODY } from '@/test/expect';
import { insertApiKey, insertUser, uniqueEmail } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { GET as getMe } from '../../../users/me/route';
import { POST as signUp } from '../../../users/route';
import { POST as signIn } from '../route';
import { DELETE } from './route';

const PASSWORD = 'correct horse battery';

async function newSession() {
  const res = await call(signUp, '/v1/users', {
    ip: uniqueIp(),
    body: { email: uniqueEmail('signout'), password: PASSWORD },
  });
  expect(res.status).toBe(201);
  return { token: res.json.data.session.token as string };
}

describe('DELETE /v1/auth/sessions/current (sign-out)', () => {
  it('revokes the session: 200 {data: {revoked: true}}, revoked_at set, the token no longer works', async () => {
    const { db } = await getDatabase();
    const { token } = await newSession();
    expect((await call(getMe, '/v1/users/me', { token, ip: uniqueIp() })).status).toBe(200);

    const res = await call(DELETE, '/v1/auth/sessions/current', { token, ip: uniqueIp() });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { revoked: true } });
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('ratelimit-policy')).toBe('"user";q=600;w=60');

    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(token)));
    expect(row?.revokedAt).toBeInstanceOf(Date);

    const after = await call(getMe, '/v1/users/me', { token, ip: uniqueIp() });
    expect(after.status).toBe(401);
    expect(after.json).toEqual(UNAUTHORIZED_BODY);
    expect(after.json.error.message).toBe('Authentication required');

    // Signing out twice: the token is gone, so the second call is a 401 and revoked_at is unchanged.
    const again = await call(DELETE, '/v1/auth/sessions/current', { token, ip: uniqueIp() });
    expect(again.status).toBe(401);
    expect(again.json).toEqual(UNAUTHORIZED_BODY);
    const [unchanged] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(token)));
    expect(unchanged?.revokedAt?.getTime()).toBe(row?.revokedAt?.getTime());
  });

  it("revokes only that session: the same user's other sessions keep working", async () => {
    const email = uniqueEmail('two-sessions');
    const first = await call(signUp, '/v1/users', { ip: uniqueIp(), body: { email, password: PASSWORD } });
    const second = await call(signIn, '/v1/auth/sessions', { ip: uniqueIp(), body: { email, password: PASSWORD } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const firstToken = first.json.data.session.token;
    const secondToken = second.json.data.token;

    expect((await call(DELETE, '/v1/auth/sessions/current', { token: firstToken, ip: uniqueIp() })).status).toBe(200);
    expect((await call(getMe, '/v1/users/me', { token: firstToken, ip: uniqueIp() })).status).toBe(401);
    expect((await call(getMe, '/v1/users/me', { token: secondToken, ip: uniqueIp() })).status).toBe(200);
  });

  it('refuses an API key with 403 FORBIDDEN and revokes nothing', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const { key } = await insertApiKey(db, { userId: user.id });
    const res = await call(DELETE, '/v1/auth/sessions/current', { token: key, ip: uniqueIp() });
    expect(res.status).toBe(403);
    expect(res.json).toEqual(
      envelope('FORBIDDEN', {
        message: 'This operation requires a session token',
        hint: 'Sign in as a human (POST /v1/auth/sessions) and send the session token; API keys cannot call it.',
      }),
    );
    expect(res.headers.get('x-request-id')).toBeTruthy();
    // The key still works.
    expect((await call(getMe, '/v1/users/me', { token: key, ip: uniqueIp() })).status).toBe(200);
  });
});
