import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { sessions } from '@/db/schema';
import { sha256Hex } from '@/lib/auth/tokens';
import { insertUser, uniqueEmail } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { GET as getMe } from '../../users/me/route';
import { POST } from './route';

const PASSWORD = 'correct horse battery';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('POST /v1/auth/sessions (sign-in): happy path', () => {
  it('answers 201 with exactly {data: {token, expiresAt, user}}', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('signin'), name: 'Signer', password: PASSWORD });
    const res = await call(POST, '/v1/auth/sessions', {
      ip: uniqueIp(),
      body: { email: user.email, password: PASSWORD },
    });

    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('ratelimit-policy')).toBe('"ip-auth";q=20;w=60');
    expect(res.json).toEqual({
      data: {
        token: expect.stringMatching(/^lgws_[A-Za-z0-9_-]{43}$/),
        expiresAt: expect.stringMatching(ISO),
        user: {
          id: user.id,
          email: user.email,
          name: 'Signer',
          type: 'human',
          emailVerified: true,
          roles: [],
          phone: null,
          phoneVerified: false,
          pendingPhone: null,
          createdAt: user.createdAt.toISOString(),
        },
      },
    });
    // Nothing beyond the documented fields (no session id, no password hash).
    expect(Object.keys(res.json.data).sort()).toEqual(['expiresAt', 'token', 'user']);
    expect(res.text).not.toMatch(/password|sessionId/i);
  });

  it('stores only the token hash, and the token authenticates GET /v1/users/me', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('signin-db'), password: PASSWORD });
    const ip = uniqueIp();
    const res = await call(POST, '/v1/auth/sessions', {
      ip,
      headers: { 'user-agent': 'legwork-tests/2.0' },
      body: { email: user.email, password: PASSWORD },
    });
    expect(res.status).toBe(201);

    const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tokenHash: sha256Hex(res.json.data.token),
      revokedAt: null,
      ip,
      userAgent: 'legwork-tests/2.0',
    });
    expect(rows[0]?.expiresAt.toISOString()).toBe(res.json.data.expiresAt);

    const me = await call(getMe, '/v1/users/me', { token: res.json.data.token, ip: uniqueIp() });
    expect(me.status).toBe(200);
    expect(me.json.data.id).toBe(user.id);
  });

  it('matches the email case-insensitively and issues a new session per sign-in', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('case'), password: PASSWORD });
    const email = user.email ?? '';
    const a = await call(POST, '/v1/auth/sessions', {
      ip: uniqueIp(),
      body: { email: email.toUpperCase(), password: PASSWORD },
    });
    const b = await call(POST, '/v1/auth/sessions', {
      ip: uniqueIp(),
      body: { email: ` ${email} `, password: PASSWORD },
    });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.json.data.user.id).toBe(user.id);
    expect(a.json.data.token).not.toBe(b.json.data.token);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
  });
});
