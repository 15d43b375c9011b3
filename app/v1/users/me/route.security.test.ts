import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { apiKeys, sessions } from '@/db/schema';
import { generateApiKey } from '@/lib/auth/api-key-format';
import { generateSessionToken, sha256Hex } from '@/lib/auth/tokens';
import { errorTable } from '@/lib/errors/api-error';
import { ensureWindowRoom, envelope, withQueryLog } from '@/test/expect';
import { insertApiKey, insertUser, uniqueEmail } from '@/test/factories';
import { type CallResult, call, sameSlash64, uniqueIp } from '@/test/http';
import { POST as signUp } from '../route';
import { GET } from './route';

function getMe(authorization?: string, ip = uniqueIp()) {
  return call(GET, '/v1/users/me', { ip, headers: authorization === undefined ? {} : { authorization } });
}

function expectUnauthorized(res: CallResult) {
  expect(res.status).toBe(401);
  expect(res.json).toEqual({
    error: { code: 'UNAUTHORIZED', message: 'Authentication required', hint: errorTable.UNAUTHORIZED.hint },
  });
  expect(res.headers.get('x-request-id')).toMatch(/^req_[A-Za-z0-9_-]+$/);
  // A refused credential gets no user rate-limit headers.
  expect(res.headers.get('ratelimit')).toBeNull();
}

async function newSession() {
  const res = await call(signUp, '/v1/users', {
    ip: uniqueIp(),
    body: { email: uniqueEmail('sec'), password: 'correct horse battery' },
  });
  expect(res.status).toBe(201);
  return { token: res.json.data.session.token as string, userId: res.json.data.user.id as string };
}

/** Flips one character of the random part, keeping the format. */
function flipOneCharacter(key: string, index = 15): string {
  const replacement = key[index] === 'a' ? 'b' : 'a';
  return key.slice(0, index) + replacement + key.slice(index + 1);
}

describe('GET /v1/users/me: every kind of bad credential is the same 401', () => {
  it('no Authorization header (no database round trip at all)', async () => {
    await withQueryLog(async (names) => {
      expectUnauthorized(await getMe());
      expect(names).toEqual([]);
    });
  });

  it.each([
    ['"Bearer" with nothing', 'Bearer'],
    ['"Bearer" and spaces', 'Bearer     '],
    ['Basic credentials', 'Basic dXNlcjpjb3JyZWN0IGhvcnNlIGJhdHRlcnk='],
    ['a token without a scheme', 'lgws_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['two tokens', 'Bearer abc def'],
    ['SQL with spaces', "Bearer ' or 1=1 --"],
  ])('%s: refused before any lookup', async (_label, authorization) => {
    await withQueryLog(async (names) => {
      expectUnauthorized(await getMe(authorization));
      expect(names).toEqual([]);
    });
  });

  it.each([
    ['garbage', 'Bearer garbage'],
    ['a 10 KB token', `Bearer ${'A'.repeat(10 * 1024)}`],
    ['a 10 KB token with the API-key prefix', `Bearer lgw_live_${'A'.repeat(10 * 1024)}`],
    ['the API-key prefix alone', 'Bearer lgw_live_'],
    ['an unknown API-key mode', `Bearer lgw_prod_${generateApiKey('live').key.slice(9)}`],
    ['an API key with one character flipped (bad checksum)', `Bearer ${flipOneCharacter(generateApiKey('live').key)}`],
    ['an API key with a character appended', `Bearer ${generateApiKey('live').key}x`],
    ['an API key with its last character removed', `Bearer ${generateApiKey('test').key.slice(0, -1)}`],
    ['an API key hash instead of the key', `Bearer ${sha256Hex(generateApiKey('live').key)}`],
    ['a session token that is too short', `Bearer ${generateSessionToken().slice(0, -1)}`],
    ['SQL in the token', "Bearer 'OR'1'='1'--"],
  ])('%s: refused before any database access', async (_label, authorization) => {
    await withQueryLog(async (names) => {
      expectUnauthorized(await getMe(authorization));
      // Refused on shape or checksum alone: no database access at all.
      expect(names).toEqual([]);
    });
  });

  it('a well-formed but unknown API key (live and test) and an unknown session token', async () => {
    for (const token of [generateApiKey('live').key, generateApiKey('test').key, generateSessionToken()]) {
      expectUnauthorized(await getMe(`Bearer ${token}`));
    }
  });

  it('a revoked API key', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const { key } = await insertApiKey(db, { userId: user.id, revokedAt: new Date(Date.now() - 1000) });
    expectUnauthorized(await getMe(`Bearer ${key}`));
  });

  it('an expired API key', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const { key } = await insertApiKey(db, { userId: user.id, expiresAt: new Date(Date.now() - 60_000) });
    expectUnauthorized(await getMe(`Bearer ${key}`));
  });

  it('positive control: a key that has not expired yet works, also with a lower-case "bearer"', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const { key } = await insertApiKey(db, { userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) });
    const res = await getMe(`bearer ${key}`);
    expect(res.status).toBe(200);
    expect(res.json.data.id).toBe(user.id);
  });

  it('an expired session', async () => {
    const { db } = await getDatabase();
    const { token } = await newSession();
    expect((await getMe(`Bearer ${token}`)).status).toBe(200);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256Hex(token)));
    expectUnauthorized(await getMe(`Bearer ${token}`));
  });

  it('a revoked session', async () => {
    const { db } = await getDatabase();
    const { token } = await newSession();
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, sha256Hex(token)));
    expectUnauthorized(await getMe(`Bearer ${token}`));
  });

  it('a session token sent with an API-key prefix, and an API key missing its prefix', async () => {
    const { db } = await getDatabase();
    const { token } = await newSession();
    const user = await insertUser(db);
    const { key } = await insertApiKey(db, { userId: user.id });
    expectUnauthorized(await getMe(`Bearer lgw_live_${token}`));
    expectUnauthorized(await getMe(`Bearer ${key.slice('lgw_live_'.length)}`));
  });
});

describe('GET /v1/users/me: revocation takes effect on the very next request', () => {
  it('an API key revoked in the database is refused at once', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const { key, row } = await insertApiKey(db, { userId: user.id });
    expect((await getMe(`Bearer ${key}`)).status).toBe(200);
    await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, row.id));
    expectUnauthorized(await getMe(`Bearer ${key}`));
  });

  it('a session revoked in the database is refused at once', async () => {
    const { db } = await getDatabase();
    const { token, userId } = await newSession();
    expect((await getMe(`Bearer ${token}`)).status).toBe(200);
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, userId));
    expectUnauthorized(await getMe(`Bearer ${token}`));
  });
});

describe('GET /v1/users/me: rate limits', () => {
  it('an API key with rateLimitPerMinute 3: the 4th request in a minute is 429', async () => {
    await ensureWindowRoom(60, 5);
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const { key } = await insertApiKey(db, { userId: user.id, rateLimitPerMinute: 3 });
    const sibling = await insertApiKey(db, { userId: user.id, rateLimitPerMinute: 3 });

    for (let n = 1; n <= 3; n++) {
      const ok = await getMe(`Bearer ${key}`);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('ratelimit-policy')).toBe('"api-key";q=3;w=60');
      expect(ok.headers.get('ratelimit')).toMatch(new RegExp(`^"api-key";r=${3 - n};t=\\d+$`));
    }

    const limited = await getMe(`Bearer ${key}`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-request-id')).toBeTruthy();
    expect(limited.headers.get('ratelimit-policy')).toBe('"api-key";q=3;w=60');
    const retryAfterHeader = limited.headers.get('retry-after');
    expect(retryAfterHeader).toMatch(/^\d+$/);
    const retryAfter = Number(retryAfterHeader);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('ratelimit')).toBe(`"api-key";r=0;t=${retryAfter}`);
    expect(limited.json).toEqual(
      envelope('RATE_LIMIT_EXCEEDED', { details: { retryAfter, limit: 3, windowSeconds: 60 } }),
    );
    expect(typeof limited.json.error.details.retryAfter).toBe('number');

    // The limit is per key: another key of the same user is unaffected.
    expect((await getMe(`Bearer ${sibling.key}`)).status).toBe(200);
  });

  it('30 failed credential attempts from one IP, then 429 for the next bad one; valid credentials still work', async () => {
    await ensureWindowRoom(60, 10);
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const { key } = await insertApiKey(db, { userId: user.id });
    const ip = uniqueIp();

    for (let n = 1; n <= 30; n++) expectUnauthorized(await getMe(`Bearer ${generateApiKey('live').key}`, ip));

    const limited = await getMe(`Bearer ${generateApiKey('live').key}`, ip);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json).toEqual(envelope('RATE_LIMIT_EXCEEDED', { details: { retryAfter } }));

    expect((await getMe(`Bearer ${key}`, ip)).status).toBe(200);
    // Another address is not affected.
    expectUnauthorized(await getMe(`Bearer ${generateApiKey('live').key}`));
  });

  it('counts failed attempts by /64: 30 from addresses of one /64 lock the next of them out, not another /64', async () => {
    await ensureWindowRoom(60, 10);
    const peer = uniqueIp();
    for (let n = 1; n <= 30; n++) {
      expectUnauthorized(await getMe(`Bearer ${generateApiKey('live').key}`, sameSlash64(peer, `${n}:0:0:1`)));
    }
    const limited = await getMe(`Bearer ${generateApiKey('live').key}`, sameSlash64(peer, 'ffff::1'));
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual(
      envelope('RATE_LIMIT_EXCEEDED', { details: { retryAfter: Number(limited.headers.get('retry-after')) } }),
    );
    expectUnauthorized(await getMe(`Bearer ${generateApiKey('live').key}`, sameSlash64(uniqueIp(), `ffff::1`)));
  });
});
