import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { sessions, users } from '@/db/schema';
import { verifyPassword } from '@/lib/auth/passwords';
import { sha256Hex } from '@/lib/auth/tokens';
import { resetEnvCache } from '@/lib/env';
import { latestLinkToken, verifyEmailViaApi } from '@/test/account-emails';
import { uniqueEmail } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { GET as getMe } from './me/route';
import { POST } from './route';

const PASSWORD = 'correct horse battery';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function signUp(body: Record<string, unknown>, ip = uniqueIp(), headers: Record<string, string> = {}) {
  return call(POST, '/v1/users', { ip, body, headers });
}

describe('POST /v1/users (sign-up): happy path', () => {
  it('answers 201 with exactly {data: {user, session}} and rate-limit headers', async () => {
    const email = uniqueEmail('signup');
    const res = await signUp({ email, password: PASSWORD, name: 'Ada Lovelace' });

    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
    expect(res.headers.get('ratelimit-policy')).toBe('"ip-auth";q=20;w=60');
    expect(res.headers.get('ratelimit')).toMatch(/^"ip-auth";r=19;t=\d+$/);
    expect(res.json).toEqual({
      data: {
        user: {
          id: expect.stringMatching(UUID),
          email,
          emailVerified: false,
          name: 'Ada Lovelace',
          type: 'human',
          roles: [],
          phone: null,
          phoneVerified: false,
          pendingPhone: null,
          createdAt: expect.stringMatching(ISO),
        },
        session: { token: expect.stringMatching(/^lgws_[A-Za-z0-9_-]{43}$/), expiresAt: expect.stringMatching(ISO) },
      },
    });
    expect(Object.keys(res.json.data.user).sort()).toEqual([
      'createdAt',
      'email',
      'emailVerified',
      'id',
      'name',
      'pendingPhone',
      'phone',
      'phoneVerified',
      'roles',
      'type',
    ]);
    expect(res.text).not.toContain('password');

    // Sessions last 30 days.
    const lifetime = Date.parse(res.json.data.session.expiresAt) - Date.parse(res.json.data.user.createdAt);
    expect(lifetime).toBeGreaterThan(29 * DAY_MS);
    expect(lifetime).toBeLessThan(31 * DAY_MS);
  });

  it('stores the user and a hashed session, and the token authenticates at once', async () => {
    const { db } = await getDatabase();
    const email = uniqueEmail('stored');
    const ip = uniqueIp();
    const res = await signUp({ email, password: PASSWORD }, ip, { 'user-agent': 'legwork-tests/1.0' });
    expect(res.status).toBe(201);
    const { user, session } = res.json.data;

    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email, name: null, type: 'human', ownerId: null });
    expect(row?.createdAt.toISOString()).toBe(user.createdAt);

    const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tokenHash: sha256Hex(session.token),
      revokedAt: null,
      ip,
      userAgent: 'legwork-tests/1.0',
    });
    expect(rows[0]?.expiresAt.toISOString()).toBe(session.expiresAt);
    // Only the hash is stored, never the token.
    expect(JSON.stringify(rows[0])).not.toContain(session.token);

    const me = await call(getMe, '/v1/users/me', { token: session.token, ip: uniqueIp() });
    expect(me.status).toBe(200);
    // Signed up without `acceptTerms`: both documents are still to accept.
    expect(me.json).toEqual({ data: { ...user, pendingLegal: ['terms', 'privacy'] } });
  });

  it('lower-cases and trims the email', async () => {
    const { db } = await getDatabase();
    const email = uniqueEmail('MiXeD');
    const res = await signUp({ email: `  ${email.toUpperCase()} `, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.json.data.user.email).toBe(email.toLowerCase());
    const [row] = await db.select().from(users).where(eq(users.id, res.json.data.user.id));
    expect(row?.email).toBe(email.toLowerCase());
  });

  it('stores the password as a salted scrypt hash, never the plaintext', async () => {
    const { db } = await getDatabase();
    const first = await signUp({ email: uniqueEmail('hash'), password: PASSWORD });
    const second = await signUp({ email: uniqueEmail('hash'), password: PASSWORD });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);

    const [a] = await db.select().from(users).where(eq(users.id, first.json.data.user.id));
    const [b] = await db.select().from(users).where(eq(users.id, second.json.data.user.id));
    const format = /^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/;
    expect(a?.passwordHash).toMatch(format);
    expect(b?.passwordHash).toMatch(format);
    expect(a?.passwordHash).not.toContain(PASSWORD);
    expect(a?.passwordHash).not.toBe(b?.passwordHash);
    expect(await verifyPassword(PASSWORD, a?.passwordHash)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}!`, a?.passwordHash)).toBe(false);
  });

  it('accepts a password of exactly 10 characters and a name with surrounding spaces (trimmed)', async () => {
    const res = await signUp({ email: uniqueEmail('edge'), password: '0123456789', name: '  Grace Hopper  ' });
    expect(res.status).toBe(201);
    expect(res.json.data.user.name).toBe('Grace Hopper');
  });
});

describe('POST /v1/users: ADMIN_EMAILS', () => {
  const original = process.env.ADMIN_EMAILS;
  afterEach(() => {
    if (original === undefined) delete process.env.ADMIN_EMAILS;
    else process.env.ADMIN_EMAILS = original;
    resetEnvCache();
  });

  /** Signs up, then opens the verification link that was emailed; returns the session token. */
  async function signUpVerified(email: string) {
    const res = await signUp({ email, password: PASSWORD });
    expect(res.status).toBe(201);
    const verified = await verifyEmailViaApi(res.json.data.session.token, await latestLinkToken(email, 'verify-email'));
    expect(verified.status, verified.text).toBe(200);
    return { token: res.json.data.session.token as string, verified };
  }

  it('gives roles ["admin"] only once a listed email (case-insensitive) is verified, and [] to everyone else', async () => {
    const admin = uniqueEmail('admin');
    process.env.ADMIN_EMAILS = ` someone-else@example.com , ${admin.toUpperCase()} `;
    resetEnvCache();

    const adminRes = await signUp({ email: admin, password: PASSWORD });
    expect(adminRes.status).toBe(201);
    expect(adminRes.json.data.user).toMatchObject({ emailVerified: false, roles: [] });
    const token = adminRes.json.data.session.token;
    const before = await call(getMe, '/v1/users/me', { token, ip: uniqueIp() });
    expect(before.json.data).toMatchObject({ emailVerified: false, roles: [] });

    const verified = await verifyEmailViaApi(token, await latestLinkToken(admin, 'verify-email'));
    expect(verified.status, verified.text).toBe(200);
    expect(verified.json.data).toMatchObject({ emailVerified: true, roles: ['admin'] });
    const me = await call(getMe, '/v1/users/me', { token, ip: uniqueIp() });
    expect(me.status).toBe(200);
    expect(me.json.data).toMatchObject({ emailVerified: true, roles: ['admin'] });

    const other = uniqueEmail('plain');
    const { verified: otherVerified } = await signUpVerified(other);
    expect(otherVerified.json.data).toMatchObject({ email: other, emailVerified: true, roles: [] });
  });

  it('drops the admin role as soon as the email is no longer listed', async () => {
    const admin = uniqueEmail('ex-admin');
    process.env.ADMIN_EMAILS = admin;
    resetEnvCache();
    const { token, verified } = await signUpVerified(admin);
    expect(verified.json.data.roles).toEqual(['admin']);

    process.env.ADMIN_EMAILS = '';
    resetEnvCache();
    const me = await call(getMe, '/v1/users/me', { token, ip: uniqueIp() });
    expect(me.status).toBe(200);
    expect(me.json.data.roles).toEqual([]);
  });
});
