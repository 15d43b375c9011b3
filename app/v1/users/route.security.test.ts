import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { sessions } from '@/db/schema';
import { resetEnvCache } from '@/lib/env';
import { ensureWindowRoom, envelope } from '@/test/expect';
import { uniqueEmail } from '@/test/factories';
import { call, sameSlash64, uniqueIp } from '@/test/http';
import { POST } from './route';

const PASSWORD = 'correct horse battery';

/** A sign-up from TCP peer `peer` with the forwarding headers the client chose. */
const signUp = (peer: string, headers: Record<string, string>, body: unknown = {}) =>
  call(POST, '/v1/users', { ip: peer, headers, body });

function expectLimited(res: Awaited<ReturnType<typeof signUp>>) {
  expect(res.status).toBe(429);
  expect(res.json).toEqual(
    envelope('RATE_LIMIT_EXCEEDED', {
      details: { retryAfter: Number(res.headers.get('retry-after')), limit: 20, windowSeconds: 60 },
    }),
  );
}

describe('POST /v1/users: the client address (DESIGN §4 "Client address")', () => {
  const original = process.env.TRUSTED_PROXIES;
  afterEach(() => {
    if (original === undefined) delete process.env.TRUSTED_PROXIES;
    else process.env.TRUSTED_PROXIES = original;
    resetEnvCache();
  });

  it('counts the TCP peer: rotating X-Forwarded-For from one peer still gets 429 on the 21st sign-up', async () => {
    // 21 sign-ups hash 21 passwords: on a busy machine that takes more than 10 s, so leave room for it.
    await ensureWindowRoom(60, 30);
    const peer = uniqueIp();
    const spoofed = () => ({ 'x-forwarded-for': uniqueIp(), 'x-real-ip': uniqueIp() });
    for (let n = 1; n <= 20; n++) {
      const res = await signUp(peer, spoofed(), { email: uniqueEmail('rotating'), password: PASSWORD });
      expect(res.status, `sign-up ${n}: ${res.text}`).toBe(201);
    }
    expectLimited(await signUp(peer, spoofed(), { email: uniqueEmail('rotating'), password: PASSWORD }));
    // Another peer is another bucket.
    expect((await signUp(uniqueIp(), {}, { email: uniqueEmail('other'), password: PASSWORD })).status).toBe(201);
  }, 120_000);

  it('with TRUSTED_PROXIES=loopback, limits the address the proxy forwarded, walking from the right', async () => {
    process.env.TRUSTED_PROXIES = 'loopback';
    resetEnvCache();
    await ensureWindowRoom(60, 5);
    const client = uniqueIp();
    // The client's own X-Forwarded-For (rotated) is to the left of the address the proxy appended.
    const viaProxy = (address: string) => ({ 'x-forwarded-for': `${uniqueIp()}, ${address}` });
    for (let n = 1; n <= 20; n++) {
      const peer = n % 2 ? '127.0.0.1' : '::ffff:127.0.0.1';
      const res = await signUp(peer, viaProxy(client));
      expect(res.status, `request ${n}: ${res.text}`).toBe(400);
    }
    expectLimited(await signUp('127.0.0.1', viaProxy(client)));
    // The bucket is the client's through any trusted hop; the proxy's other clients are not limited.
    expectLimited(await signUp('::1', viaProxy(client)));
    expect((await signUp('127.0.0.1', viaProxy(uniqueIp()))).status).toBe(400);
    // An untrusted peer cannot borrow the limited client's bucket either way: its header is ignored.
    expect((await signUp(uniqueIp(), { 'x-forwarded-for': client })).status).toBe(400);
  });

  it('counts an IPv6 client by its /64: its addresses share the 20, another /64 does not; the session keeps the address', async () => {
    await ensureWindowRoom(60, 10);
    const peer = uniqueIp();
    for (let n = 1; n <= 20; n++) {
      const res = await signUp(sameSlash64(peer, `${n}:2:3:4`), {});
      expect(res.status, `request ${n}: ${res.text}`).toBe(400);
    }
    expectLimited(await signUp(sameSlash64(peer, 'ffff:ffff:ffff:ffff'), {}, { email: uniqueEmail('v6') }));
    // The neighbouring /64 is another client.
    const next = sameSlash64(uniqueIp(), 'abcd:1:2:3');
    const other = await signUp(next, {}, { email: uniqueEmail('v6-other'), password: PASSWORD });
    expect(other.status).toBe(201);
    // Only the bucket is the /64: the session records the client's own address.
    const { db } = await getDatabase();
    const [row] = await db
      .select({ ip: sql<string>`host(${sessions.ip})` })
      .from(sessions)
      .where(eq(sessions.userId, other.json.data.user.id));
    expect(row?.ip).toBe(next);
  });
});
