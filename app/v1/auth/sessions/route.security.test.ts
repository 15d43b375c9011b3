import { randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { sessions } from '@/db/schema';
import { generateSessionToken, sha256Hex } from '@/lib/auth/tokens';
import { ensureWindowRoom, envelope } from '@/test/expect';
import { insertUser, uniqueEmail } from '@/test/factories';
import { type CallResult, call, sameSlash64, uniqueIp } from '@/test/http';
import { POST } from './route';

const PASSWORD = 'correct horse battery';
const EMAIL_WINDOW_SECONDS = 15 * 60;

const ADDRESS_LIMITED_HINT =
  'Too many sign-in attempts for this account from your address. Wait for `Retry-After` seconds, then try again.';
const EMAIL_LIMITED_HINT =
  'Too many sign-in attempts for this account from all addresses. Wait for `Retry-After` seconds, or sign in on a ' +
  'device that is still signed in to this account (API: send its session token as `Authorization: Bearer`).';

function signIn(body: unknown, ip = uniqueIp(), token?: string) {
  return call(POST, '/v1/auth/sessions', { ip, body, token });
}

/**
 * A password hash with cheap scrypt parameters (they are stored with each hash), so a test that makes a hundred
 * guesses spends its time on the limits rather than on key derivation.
 */
function cheapHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** 10, r: 8, p: 1 });
  return ['scrypt', 2 ** 10, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

function expectRetryAfter(res: CallResult, max: number): number {
  const header = res.headers.get('retry-after');
  expect(header).toMatch(/^\d+$/);
  const seconds = Number(header);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(max);
  expect(res.json.error.details.retryAfter).toBe(seconds);
  return seconds;
}

describe('POST /v1/auth/sessions: brute-force protection', () => {
  it('allows 10 attempts per (email, IP), then answers 429 there even for the right password; the owner elsewhere signs in', async () => {
    await ensureWindowRoom(EMAIL_WINDOW_SECONDS, 10);
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('brute'), password: PASSWORD });
    const email = user.email ?? '';
    const attacker = uniqueIp();

    for (let attempt = 1; attempt <= 10; attempt++) {
      // Case variants count against the same account.
      const res = await signIn(
        { email: attempt % 2 ? email : email.toUpperCase(), password: `wrong ${attempt}` },
        attacker,
      );
      expect(res.status, `attempt ${attempt}`).toBe(401);
    }

    const limited = await signIn({ email, password: PASSWORD }, attacker);
    expect(limited.status).toBe(429);
    const retryAfter = expectRetryAfter(limited, EMAIL_WINDOW_SECONDS);
    expect(limited.json).toEqual(
      envelope('RATE_LIMIT_EXCEEDED', {
        message: 'Too many requests',
        hint: ADDRESS_LIMITED_HINT,
        details: { retryAfter },
      }),
    );
    expect(limited.headers.get('x-request-id')).toBeTruthy();

    // The owner, from another address, is not locked out by the attacker.
    const owner = await signIn({ email, password: PASSWORD });
    expect(owner.status).toBe(201);
    expect(owner.json.data.user.id).toBe(user.id);
    // And the attacker stays locked out.
    expect((await signIn({ email, password: PASSWORD }, attacker)).status).toBe(429);

    // Another account is unaffected, even from the attacker's address.
    const other = await insertUser(db, { email: uniqueEmail('bystander'), password: PASSWORD });
    expect((await signIn({ email: other.email, password: PASSWORD }, attacker)).status).toBe(201);
  });

  it('a locked-out address keeps hammering: its refused attempts do not use up the per-email budget', async () => {
    await ensureWindowRoom(EMAIL_WINDOW_SECONDS, 15);
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('hammer'), password: PASSWORD });
    // 10 attempts from each of 9 addresses (90), then 50 more from the first, all refused there.
    const addresses = Array.from({ length: 9 }, () => uniqueIp());
    await Promise.all(
      addresses.map(async (ip) => {
        for (let attempt = 1; attempt <= 10; attempt++) {
          expect((await signIn({ email: user.email, password: 'wrong' }, ip)).status).toBe(401);
        }
      }),
    );
    for (let attempt = 1; attempt <= 50; attempt++) {
      expect((await signIn({ email: user.email, password: 'wrong' }, addresses[0])).status).toBe(429);
    }
    // The per-email count stands at 90, under its 100: the owner still gets in.
    expect((await signIn({ email: user.email, password: PASSWORD })).status).toBe(201);
  }, 60_000);

  it('limits each client IP to 20 sign-up/sign-in requests a minute ("ip-auth")', async () => {
    await ensureWindowRoom(60, 5);
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('ip-limit'), password: PASSWORD });
    const ip = uniqueIp();

    // Every request counts, even one refused later for its body.
    for (let n = 1; n <= 20; n++) {
      const res = await signIn({}, ip);
      expect(res.status, `request ${n}`).toBe(400);
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"ip-auth";r=${20 - n};t=\\d+$`));
    }

    const limited = await signIn({ email: user.email, password: PASSWORD }, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-policy')).toBe('"ip-auth";q=20;w=60');
    expect(limited.headers.get('ratelimit')).toMatch(/^"ip-auth";r=0;t=\d+$/);
    const retryAfter = expectRetryAfter(limited, 60);
    expect(limited.json).toEqual(
      envelope('RATE_LIMIT_EXCEEDED', { details: { retryAfter, limit: 20, windowSeconds: 60 } }),
    );

    // The same credentials from another address still work.
    expect((await signIn({ email: user.email, password: PASSWORD })).status).toBe(201);
  });

  it('1,000 wrong passwords for one email from 1,000 addresses: never a 500, at most 100 reach the password check, the rest are 429', async () => {
    await ensureWindowRoom(EMAIL_WINDOW_SECONDS, 45);
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('thousand'), password: PASSWORD });

    const statuses = new Map<number, number>();
    const total = 1000;
    const concurrency = 20;
    let lastLimited: CallResult | undefined;
    for (let start = 0; start < total; start += concurrency) {
      const batch = Array.from({ length: Math.min(concurrency, total - start) }, (_, i) =>
        // A fresh IP each time, so only the per-email limit can apply.
        signIn({ email: user.email, password: `guess number ${start + i}` }, uniqueIp()),
      );
      for (const res of await Promise.all(batch)) {
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 429) lastLimited = res;
      }
    }

    expect(statuses.get(500)).toBeUndefined();
    expect([...statuses.keys()].sort()).toEqual([401, 429]);
    expect(statuses.get(401)).toBe(100);
    expect(statuses.get(429)).toBe(total - 100);
    const retryAfter = Number(lastLimited?.headers.get('retry-after'));
    expect(lastLimited?.json).toEqual(
      envelope('RATE_LIMIT_EXCEEDED', {
        message: 'Too many requests',
        hint: EMAIL_LIMITED_HINT,
        details: { retryAfter },
      }),
    );

    // Still locked for the right password too, from a fresh address.
    expect((await signIn({ email: user.email, password: PASSWORD })).status).toBe(429);
  }, 120_000);

  it('counts (email, IP) by /64: ten guesses from ten addresses of one /64 lock out the rest of it, not another /64', async () => {
    await ensureWindowRoom(EMAIL_WINDOW_SECONDS, 10);
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('v6-brute'), password: PASSWORD });
    const attacker = uniqueIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const res = await signIn({ email: user.email, password: 'wrong' }, sameSlash64(attacker, `${attempt}:0:0:1`));
      expect(res.status, `attempt ${attempt}`).toBe(401);
    }
    const limited = await signIn({ email: user.email, password: PASSWORD }, sameSlash64(attacker, 'ffff::2'));
    expect(limited.status).toBe(429);
    expect(limited.json.error.hint).toBe(ADDRESS_LIMITED_HINT);
    expect((await signIn({ email: user.email, password: PASSWORD }, sameSlash64(uniqueIp(), 'ffff::2'))).status).toBe(
      201,
    );
  });

  it('ten addresses trip the per-email ceiling: the owner holding a live session still signs in, a fresh device gets 429', async () => {
    await ensureWindowRoom(EMAIL_WINDOW_SECONDS, 30);
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('ceiling'), passwordHash: cheapHash(PASSWORD) });
    const bystander = await insertUser(db, { email: uniqueEmail('ceiling-other'), passwordHash: cheapHash(PASSWORD) });
    const owner = await signIn({ email: user.email, password: PASSWORD });
    const revoked = await signIn({ email: user.email, password: PASSWORD });
    const other = await signIn({ email: bystander.email, password: PASSWORD });
    for (const res of [owner, revoked, other]) expect(res.status).toBe(201);
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, sha256Hex(revoked.json.data.token)));

    // Ten addresses, ten guesses each: 98 more reach the per-email count of 100 (2 sign-ins above counted too).
    const attackers = Array.from({ length: 10 }, () => uniqueIp());
    await Promise.all(
      attackers.map(async (ip, index) => {
        for (let attempt = 1; attempt <= (index < 2 ? 9 : 10); attempt++) {
          expect((await signIn({ email: user.email, password: 'wrong' }, ip)).status).toBe(401);
        }
      }),
    );

    // A fresh device with the right password: 429, with Retry-After.
    const fresh = await signIn({ email: user.email, password: PASSWORD });
    expect(fresh.status).toBe(429);
    const retryAfter = expectRetryAfter(fresh, EMAIL_WINDOW_SECONDS);
    expect(fresh.json).toEqual(
      envelope('RATE_LIMIT_EXCEEDED', {
        message: 'Too many requests',
        hint: EMAIL_LIMITED_HINT,
        details: { retryAfter },
      }),
    );
    // Evidence that is not a live session of this account changes nothing.
    for (const token of [revoked.json.data.token, other.json.data.token, generateSessionToken(), 'not-a-token']) {
      const res = await signIn({ email: user.email, password: PASSWORD }, uniqueIp(), token);
      expect(res.status).toBe(429);
      expect(res.json.error.hint).toBe(EMAIL_LIMITED_HINT);
    }

    // The owner's device, sending its session token: the right password gets in, a wrong one is the usual 401.
    const again = await signIn({ email: user.email, password: PASSWORD }, uniqueIp(), owner.json.data.token);
    expect(again.status).toBe(201);
    expect(again.json.data.user.id).toBe(user.id);
    expect(again.json.data.token).not.toBe(owner.json.data.token);
    const wrong = await signIn({ email: user.email, password: 'wrong' }, uniqueIp(), owner.json.data.token);
    expect(wrong.status).toBe(401);
  }, 60_000);
});
