import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as nextAuthRoute from '@/app/api/auth/[...nextauth]/route';
import { getDatabase } from '@/db/client';
import { rateLimitCounters, sessions, users } from '@/db/schema';
import { LOGIN_ATTEMPTS_PER_EMAIL } from '@/lib/auth/account-limits';
import { countHit } from '@/lib/auth/rate-counter';
import { addressBucket, PEER_ADDRESS_HEADER } from '@/lib/config/client-address';
import { findLiveSession } from '@/lib/services/sessions/find-live-session';
import { getBrowserUser } from '@/lib/web/next-auth';
import { envForFile, NEXT_AUTH_TEST_ENV } from '@/test/env';
import { ensureWindowRoom } from '@/test/expect';
import { insertUser, uniqueEmail } from '@/test/factories';
import { type CallResult, uniqueIp } from '@/test/http';
import { runAppRoute } from '@/test/next-route';

// The browser sign-in, end to end through next-auth's real route handler (app/api/auth/[...nextauth]).
// next-auth reads the request through `next/headers`, which only works inside Next's request scope, so
// the route runs through Next's own AppRouteRouteModule (test/next-route.ts) rather than being called
// bare: called bare it throws "`cookies` was called outside a request scope".

const PASSWORD = 'correct horse battery';
const SESSION_COOKIE = 'next-auth.session-token';
const AUTH_ROUTE = '/api/auth/[...nextauth]';
envForFile(NEXT_AUTH_TEST_ENV);

/** A cookie jar and a client address: what a browser carries from one request to the next. */
class Browser {
  readonly cookies = new Map<string, string>();
  /** An X-Forwarded-For the browser sends itself (believed only through TRUSTED_PROXIES). */
  forwardedFor: string | undefined;
  constructor(readonly ip = uniqueIp()) {}

  private request(path: string, init: { method?: string; form?: Record<string, string> } = {}): Request {
    const headers = new Headers({ [PEER_ADDRESS_HEADER]: this.ip, 'user-agent': 'vitest-browser/1.0' });
    if (this.forwardedFor) headers.set('x-forwarded-for', this.forwardedFor);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    let body: string | undefined;
    if (init.form) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(init.form).toString();
    }
    return new Request(new URL(path, 'http://localhost:3000'), { method: init.method ?? 'GET', headers, body });
  }

  private remember(res: CallResult): CallResult {
    for (const header of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || pair.slice(separator + 1) === '') this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(separator + 1));
    }
    return res;
  }

  /** GET or POST /api/auth/<segments>, as next-auth's client does. */
  async auth(segments: string[], form?: Record<string, string>): Promise<CallResult> {
    const request = this.request(`/api/auth/${segments.join('/')}`, { method: form ? 'POST' : 'GET', form });
    return this.remember(await runAppRoute(nextAuthRoute, AUTH_ROUTE, request, { nextauth: segments }));
  }

  async csrfToken(): Promise<string> {
    const res = await this.auth(['csrf']);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((cookie) => cookie.startsWith('next-auth.csrf-token='))).toBe(true);
    const token = res.json?.csrfToken;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    return token;
  }

  /** signIn('credentials', { redirect: false }) from next-auth/react: the form post with json=true. */
  async signIn(email: string, password: string, csrfToken?: string): Promise<CallResult> {
    const token = csrfToken ?? (await this.csrfToken());
    return this.auth(['callback', 'credentials'], { csrfToken: token, email, password, json: 'true' });
  }

  /** What a page sees: getBrowserUser() run inside a real request scope with this browser's cookies. */
  async pageUser() {
    const page = { GET: async () => Response.json({ browserUser: await getBrowserUser() }) };
    const res = await runAppRoute(page, '/test/browser-user', this.request('/test/browser-user'));
    expect(res.status).toBe(200);
    return res.json.browserUser as Awaited<ReturnType<typeof getBrowserUser>>;
  }
}

function setsSessionCookie(res: CallResult): boolean {
  return res.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

/** The `error` query parameter of the URL next-auth answers with (json=true) or redirects to. */
function errorOf(res: CallResult): string | null {
  const target = res.json?.url ?? res.headers.get('location');
  expect(target, 'a redirect url').toBeTruthy();
  return new URL(target, 'http://localhost:3000').searchParams.get('error');
}

async function sessionsOf(userId: string) {
  const { db } = await getDatabase();
  return db.select().from(sessions).where(eq(sessions.userId, userId));
}

describe('browser sign-in through next-auth (credentials)', () => {
  it('the right password sets the session cookie and creates one session row for the user', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('na-ok'), password: PASSWORD });
    const browser = new Browser();

    const res = await browser.signIn(user.email ?? '', PASSWORD);

    expect(res.status).toBe(200);
    expect(res.json).toEqual({ url: 'http://localhost:3000' });
    expect(setsSessionCookie(res)).toBe(true);
    expect(browser.cookies.get(SESSION_COOKIE)).toBeTruthy();

    const rows = await sessionsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ revokedAt: null, ip: browser.ip, userAgent: 'vitest-browser/1.0' });
    expect(rows[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now());

    // The cookie names that row: a page load finds the user through it.
    const seen = await browser.pageUser();
    expect(seen?.sessionId).toBe(rows[0]?.id);
    expect(seen?.user).toMatchObject({ id: user.id, email: user.email });
  });

  it('a wrong password sets no session cookie, answers error=CredentialsSignin and creates no row', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('na-wrong'), password: PASSWORD });
    const browser = new Browser();

    const res = await browser.signIn(user.email ?? '', 'not the password');

    expect(res.status).toBe(401);
    expect(setsSessionCookie(res)).toBe(false);
    expect(errorOf(res)).toBe('CredentialsSignin');
    expect(await sessionsOf(user.id)).toHaveLength(0);
    expect(await browser.pageUser()).toBeNull();
    // next-auth's own session endpoint (what useSession() reads) agrees: no user, no session id.
    const after = await browser.auth(['session']);
    expect(after.status).toBe(200);
    expect(after.json.sessionId).toBeUndefined();
    expect(after.json.account).toBeUndefined();
    expect(after.json.user).toBeUndefined();
  });

  it('a post without the CSRF token signs nobody in', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('na-csrf'), password: PASSWORD });
    const browser = new Browser();
    await browser.csrfToken();

    const res = await browser.auth(['callback', 'credentials'], {
      email: user.email ?? '',
      password: PASSWORD,
      json: 'true',
    });

    // next-auth sends the browser back to its sign-in page with csrf=true.
    expect(new URL(res.json?.url).searchParams.get('csrf')).toBe('true');
    expect(setsSessionCookie(res)).toBe(false);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it('limits each client IP to 20 attempts a minute ("auth" class): the 21st is refused, even with the right password', async () => {
    // 21 attempts each derive an scrypt key: on a busy machine that can take more than 15 s.
    await ensureWindowRoom(60, 30);
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('na-limit'), password: PASSWORD });
    const browser = new Browser();
    const csrfToken = await browser.csrfToken();

    // A different email each time, so the per-(email, IP) limit (10 per 15 minutes) never applies.
    for (let attempt = 1; attempt <= 20; attempt++) {
      const res = await browser.signIn(uniqueEmail(`na-burst-${attempt}`), 'wrong password', csrfToken);
      expect(errorOf(res), `attempt ${attempt}`).toBe('CredentialsSignin');
    }

    const limited = await browser.signIn(user.email ?? '', PASSWORD, csrfToken);
    expect(limited.status).toBe(401);
    expect(errorOf(limited)).toContain('Too many requests');
    expect(setsSessionCookie(limited)).toBe(false);
    expect(await sessionsOf(user.id)).toHaveLength(0);

    // The same counter as POST /v1/auth/sessions: one bucket per IP, at 21 now.
    const [counter] = await db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.bucket, `ip:auth:${addressBucket(browser.ip)}`));
    expect(counter?.count).toBe(21);

    // Another address is not affected.
    const elsewhere = new Browser();
    const ok = await elsewhere.signIn(user.email ?? '', PASSWORD);
    expect(setsSessionCookie(ok)).toBe(true);
    expect(await sessionsOf(user.id)).toHaveLength(1);
  }, 120_000);

  it('counts the TCP peer, not X-Forwarded-For: rotating it still gets the 21st attempt refused', async () => {
    // 21 attempts each derive an scrypt key: on a busy machine that can take more than 15 s.
    await ensureWindowRoom(60, 30);
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('na-rotate'), password: PASSWORD });
    const browser = new Browser();
    const csrfToken = await browser.csrfToken();
    for (let attempt = 1; attempt <= 20; attempt++) {
      browser.forwardedFor = uniqueIp();
      const res = await browser.signIn(uniqueEmail(`na-rotate-${attempt}`), 'wrong password', csrfToken);
      expect(errorOf(res), `attempt ${attempt}`).toBe('CredentialsSignin');
    }
    browser.forwardedFor = uniqueIp();
    const limited = await browser.signIn(user.email ?? '', PASSWORD, csrfToken);
    expect(errorOf(limited)).toContain('Too many requests');
    expect(await sessionsOf(user.id)).toHaveLength(0);
    const [counter] = await db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.bucket, `ip:auth:${addressBucket(browser.ip)}`));
    expect(counter?.count).toBe(21);
  }, 120_000);

  it('an attacker locked out of an account (10 wrong passwords) does not lock out its owner at another address', async () => {
    await ensureWindowRoom(15 * 60, 15);
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('na-lockout'), password: PASSWORD });
    const attacker = new Browser();
    const csrfToken = await attacker.csrfToken();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const res = await attacker.signIn(user.email ?? '', `wrong password ${attempt}`, csrfToken);
      expect(errorOf(res), `attempt ${attempt}`).toBe('CredentialsSignin');
    }
    const locked = await attacker.signIn(user.email ?? '', PASSWORD, csrfToken);
    expect(errorOf(locked)).toContain('Too many requests');
    expect(setsSessionCookie(locked)).toBe(false);

    const owner = new Browser();
    const ok = await owner.signIn(user.email ?? '', PASSWORD);
    expect(setsSessionCookie(ok)).toBe(true);
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });

  it('past the per-email ceiling, only a browser holding a live session of the account signs in', async () => {
    const database = await getDatabase();
    const user = await insertUser(database.db, { email: uniqueEmail('na-ceiling'), password: PASSWORD });
    const other = await insertUser(database.db, { email: uniqueEmail('na-ceiling-other'), password: PASSWORD });
    const owner = new Browser();
    const ownerCsrf = await owner.csrfToken();
    expect(setsSessionCookie(await owner.signIn(user.email ?? '', PASSWORD, ownerCsrf))).toBe(true);
    const neighbour = new Browser();
    const neighbourCsrf = await neighbour.csrfToken();
    expect(setsSessionCookie(await neighbour.signIn(other.email ?? '', PASSWORD, neighbourCsrf))).toBe(true);
    // Guesses from many addresses have used up the account's budget (the API test makes them one by one).
    // Topped up before each attempt, in a window with room left: on a loaded machine the scrypt sign-ins
    // above can outlast a window, and a fresh window would let the attempt through.
    const exhaustBudget = async () => {
      await ensureWindowRoom(LOGIN_ATTEMPTS_PER_EMAIL.windowSeconds, 30);
      const bucket = `login-email:${user.email}`;
      while (
        (await countHit(database, bucket, LOGIN_ATTEMPTS_PER_EMAIL.windowSeconds)).count <
        LOGIN_ATTEMPTS_PER_EMAIL.limit
      );
    };

    const forged = new Browser();
    // The tag's first character: every one of its bits counts (the last one's low bits are base64url padding,
    // so changing it may leave the token valid).
    forged.cookies.set(
      SESSION_COOKIE,
      owner.cookies.get(SESSION_COOKIE)?.replace(/\.(.)([^.]*)$/, (_, c, rest) => `.${c === 'A' ? 'B' : 'A'}${rest}`) ??
        '',
    );
    for (const [browser, csrfToken] of [
      [new Browser(), undefined],
      [neighbour, neighbourCsrf],
      [forged, undefined],
    ] as const) {
      await exhaustBudget();
      const refused = await browser.signIn(user.email ?? '', PASSWORD, csrfToken);
      expect(errorOf(refused), `${refused.status} ${refused.text} ${refused.headers.get('location')}`).toMatch(
        /^Too many requests\. Try again in \d+ seconds\.$/,
      );
      expect(setsSessionCookie(refused)).toBe(false);
    }
    expect(await sessionsOf(user.id)).toHaveLength(1);

    const again = await owner.signIn(user.email ?? '', PASSWORD, ownerCsrf);
    expect(setsSessionCookie(again)).toBe(true);
    expect(await sessionsOf(user.id)).toHaveLength(2);
    expect((await owner.pageUser())?.user.id).toBe(user.id);
  }, 180_000);

  it('revoking the session row signs the browser out: findLiveSession and getBrowserUser no longer see it', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('na-revoke'), password: PASSWORD });
    const browser = new Browser();
    expect(setsSessionCookie(await browser.signIn(user.email ?? '', PASSWORD))).toBe(true);
    const [row] = await sessionsOf(user.id);
    if (!row) throw new Error('no session row');

    expect((await findLiveSession(db, { sessionId: row.id }))?.sessionId).toBe(row.id);
    expect((await browser.pageUser())?.sessionId).toBe(row.id);
    const before = await browser.auth(['session']);
    expect(before.json).toMatchObject({ sessionId: row.id, account: { id: user.id, email: user.email } });

    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, row.id));

    expect(await findLiveSession(db, { sessionId: row.id })).toBeUndefined();
    // The cookie itself is still a valid JWT; the row decides.
    expect(browser.cookies.get(SESSION_COOKIE)).toBeTruthy();
    expect(await browser.pageUser()).toBeNull();
  });

  it('signing out through next-auth revokes the session row and clears the cookie', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('na-signout'), password: PASSWORD });
    const browser = new Browser();
    const csrfToken = await browser.csrfToken();
    expect(setsSessionCookie(await browser.signIn(user.email ?? '', PASSWORD, csrfToken))).toBe(true);

    const res = await browser.auth(['signout'], { csrfToken, json: 'true' });

    expect(res.status).toBe(200);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    const [row] = await sessionsOf(user.id);
    expect(row?.revokedAt).toBeInstanceOf(Date);
    expect(await browser.pageUser()).toBeNull();
  });
  it('a suspended account is told so at sign-in, and a browser already signed in as it is signed out', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('na-suspended'), password: PASSWORD });
    const browser = new Browser();
    expect((await browser.signIn(user.email ?? '', PASSWORD)).status).toBe(200);
    expect((await browser.pageUser())?.user.id).toBe(user.id);

    await db.update(users).set({ suspendedAt: new Date(), suspensionReason: 'test' }).where(eq(users.id, user.id));
    // The next page load: the session row is no longer live for a suspended user.
    expect(await browser.pageUser()).toBeNull();

    const again = new Browser();
    const csrfToken = await again.csrfToken();
    const refused = await again.signIn(user.email ?? '', PASSWORD, csrfToken);
    expect(refused.status).toBe(401);
    expect(setsSessionCookie(refused)).toBe(false);
    expect(errorOf(refused)).toContain('This account is suspended');
    expect(await sessionsOf(user.id)).toHaveLength(1);
    // A wrong password says nothing about the suspension.
    expect(errorOf(await again.signIn(user.email ?? '', 'not the password', csrfToken))).toBe('CredentialsSignin');
  });
});
