import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as signIn } from '@/app/v1/auth/sessions/route';
import { POST as signUp } from '@/app/v1/users/route';
import { type Database, getDatabase, setDatabase } from '@/db/client';
import { idempotencyKeys, sessions, users } from '@/db/schema';
import { unseal } from '@/lib/auth/secret-box';
import { sha256Hex } from '@/lib/auth/tokens';
import { envelope } from '@/test/expect';
import { insertUser, uniqueEmail } from '@/test/factories';
import { type CallResult, call, uniqueIp } from '@/test/http';

const PASSWORD = 'correct horse battery';
const INVALID_KEY = envelope('VALIDATION_ERROR', {
  hint: 'Send exactly one Idempotency-Key of 1 to 255 printable ASCII characters without commas (a UUID is ideal).',
  issues: [{ path: ['headers', 'Idempotency-Key'], message: 'Must be 1-255 printable ASCII characters, no commas' }],
});

let keyCounter = 0;
function newKey(label = 'key'): string {
  keyCounter += 1;
  return `${label}-${process.pid}-${keyCounter}-${crypto.randomUUID()}`;
}

function signUpWithKey(body: unknown, key: string, ip: string) {
  return call(signUp, '/v1/users', { ip, body, headers: { 'idempotency-key': key } });
}

async function usersWithEmail(email: string) {
  const { db } = await getDatabase();
  return db.select().from(users).where(eq(users.email, email));
}

/** The stored row for an anonymous caller (principal = client IP). */
async function storedKey(ip: string, key: string, method = 'POST', pathname = '/v1/users') {
  const { db } = await getDatabase();
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.scope, sha256Hex(`ip:${ip}\n${method}\n${pathname}\n${key}`)));
  return row;
}

describe('Idempotency-Key: replays', () => {
  it('same key + same body: the second answer is the stored one, marked Idempotent-Replayed, one user row', async () => {
    const ip = uniqueIp();
    const key = newKey();
    const body = { email: uniqueEmail('idem'), password: PASSWORD, name: 'Once' };

    const first = await signUpWithKey(body, key, ip);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const second = await signUpWithKey(body, key, ip);
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    // A replay is still a fresh request with its own id.
    expect(second.headers.get('x-request-id')).toBeTruthy();
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));

    expect(await usersWithEmail(body.email)).toHaveLength(1);
    const row = await storedKey(ip, key);
    expect(row).toMatchObject({ responseStatus: 201, lockedUntil: null });
    // Stored encrypted: the session token in the response is not readable from the table.
    expect(row?.responseBody).not.toContain(first.json.data.session.token);
    expect(JSON.parse(unseal('idempotent-responses', row?.responseBody ?? ''))).toEqual(first.json);
  });

  it('the replay compares the raw body: the same JSON with different whitespace is a different request (422)', async () => {
    const ip = uniqueIp();
    const key = newKey();
    const email = uniqueEmail('raw');
    const compact = `{"email":"${email}","password":"${PASSWORD}"}`;
    expect((await call(signUp, '/v1/users', { ip, body: compact, headers: { 'idempotency-key': key } })).status).toBe(
      201,
    );
    const spaced = `{ "email": "${email}", "password": "${PASSWORD}" }`;
    const res = await call(signUp, '/v1/users', { ip, body: spaced, headers: { 'idempotency-key': key } });
    expect(res.status).toBe(422);
    expect(res.json).toEqual(envelope('IDEMPOTENCY_KEY_REUSED'));
  });

  it('same key + different body is 422 IDEMPOTENCY_KEY_REUSED and creates nothing', async () => {
    const ip = uniqueIp();
    const key = newKey();
    const first = await signUpWithKey({ email: uniqueEmail('first'), password: PASSWORD }, key, ip);
    expect(first.status).toBe(201);

    const otherEmail = uniqueEmail('second');
    const res = await signUpWithKey({ email: otherEmail, password: PASSWORD }, key, ip);
    expect(res.status).toBe(422);
    expect(res.json).toEqual(envelope('IDEMPOTENCY_KEY_REUSED'));
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(await usersWithEmail(otherEmail)).toHaveLength(0);
  });

  it('a 4xx result (409 EMAIL_TAKEN) is stored and replayed, even after the conflict is gone', async () => {
    const { db } = await getDatabase();
    const ip = uniqueIp();
    const email = uniqueEmail('taken');
    const existing = await insertUser(db, { email });
    const key = newKey();

    const first = await signUpWithKey({ email, password: PASSWORD }, key, ip);
    expect(first.status).toBe(409);
    expect(first.json).toEqual(envelope('EMAIL_TAKEN'));
    expect((await storedKey(ip, key))?.responseStatus).toBe(409);

    // The email becomes free; the retry with the same key still gets the stored answer.
    await db.delete(users).where(eq(users.id, existing.id));
    const replay = await signUpWithKey({ email, password: PASSWORD }, key, ip);
    expect(replay.status).toBe(409);
    expect(replay.json).toEqual(first.json);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it('a 400 on the body is not stored: fix the body and retry with the same key (spec recovery rule)', async () => {
    const ip = uniqueIp();
    const key = newKey();
    const email = uniqueEmail('fix');
    const invalid = await signUpWithKey({ email, password: 'short' }, key, ip);
    expect(invalid.status).toBe(400);
    expect(await storedKey(ip, key)).toBeUndefined();

    const fixed = await signUpWithKey({ email, password: PASSWORD }, key, ip);
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it('a 500 releases the key, so the retry with the same key runs again', async () => {
    const real = await getDatabase();
    const broken: Database = {
      ...real,
      db: new Proxy(real.db, {
        get(target, property, receiver) {
          if (property === 'transaction') return () => Promise.reject(new Error('simulated outage'));
          return Reflect.get(target, property, receiver);
        },
      }),
    };
    const ip = uniqueIp();
    const key = newKey();
    const body = { email: uniqueEmail('retry'), password: PASSWORD };

    setDatabase(broken);
    let failed: CallResult;
    try {
      failed = await signUpWithKey(body, key, ip);
    } finally {
      setDatabase(real);
    }
    expect(failed.status).toBe(500);
    expect(failed.json).toEqual(envelope('INTERNAL_ERROR'));
    expect(await storedKey(ip, key)).toBeUndefined();

    const retried = await signUpWithKey(body, key, ip);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(await usersWithEmail(body.email)).toHaveLength(1);
  });

  it('sign-in is idempotent too: a replay returns the same token and creates no second session', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('idem-signin'), password: PASSWORD });
    const ip = uniqueIp();
    const key = newKey();
    const body = { email: user.email, password: PASSWORD };
    const first = await call(signIn, '/v1/auth/sessions', { ip, body, headers: { 'idempotency-key': key } });
    const second = await call(signIn, '/v1/auth/sessions', { ip, body, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });
});

describe('Idempotency-Key: scope', () => {
  it('keys are scoped by principal: two IPs with the same key each create their own user', async () => {
    const key = newKey('shared');
    const a = await signUpWithKey({ email: uniqueEmail('scope-a'), password: PASSWORD }, key, uniqueIp());
    const b = await signUpWithKey({ email: uniqueEmail('scope-b'), password: PASSWORD }, key, uniqueIp());
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.json.data.user.id).not.toBe(a.json.data.user.id);
  });

  it('the same key and body from another principal is not a replay of the first one', async () => {
    const key = newKey('shared');
    const body = { email: uniqueEmail('scope-same'), password: PASSWORD };
    const a = await signUpWithKey(body, key, uniqueIp());
    const b = await signUpWithKey(body, key, uniqueIp());
    expect(a.status).toBe(201);
    expect(b.status).toBe(409);
    expect(b.json).toEqual(envelope('EMAIL_TAKEN'));
    expect(b.headers.get('idempotent-replayed')).toBeNull();
  });

  it('keys are scoped by route: the same key on sign-up and sign-in does not collide', async () => {
    const ip = uniqueIp();
    const key = newKey('route');
    const body = { email: uniqueEmail('route'), password: PASSWORD };
    const created = await signUpWithKey(body, key, ip);
    expect(created.status).toBe(201);
    const session = await call(signIn, '/v1/auth/sessions', { ip, body, headers: { 'idempotency-key': key } });
    expect(session.status).toBe(201);
    expect(session.headers.get('idempotent-replayed')).toBeNull();
    expect(session.json.data.token).not.toBe(created.json.data.session.token);
  });
});

describe('Idempotency-Key: concurrency', () => {
  it('the same key fired 10 times at once creates exactly one user; the others replay it or get 409 IN_USE', async () => {
    const ip = uniqueIp();
    const key = newKey('race');
    const body = { email: uniqueEmail('race'), password: PASSWORD };

    const results = await Promise.all(Array.from({ length: 10 }, () => signUpWithKey(body, key, ip)));

    expect(await usersWithEmail(body.email)).toHaveLength(1);
    const created = results.filter((res) => res.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    const originals = created.filter((res) => res.headers.get('idempotent-replayed') === null);
    expect(originals).toHaveLength(1);
    for (const res of results) {
      expect([201, 409]).toContain(res.status);
      if (res.status === 201) expect(res.json).toEqual(originals[0]?.json);
      else expect(res.json).toEqual(envelope('IDEMPOTENCY_KEY_IN_USE'));
    }

    // Once the first has finished, a retry is a replay.
    const later = await signUpWithKey(body, key, ip);
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(later.json).toEqual(originals[0]?.json);
  });
});

describe('Idempotency-Key: invalid header values are 400', () => {
  it.each([
    ['256 characters', 'k'.repeat(256)],
    ['an empty value', ''],
    ['a comma (how two headers arrive)', 'first-key, second-key'],
    ['a non-ASCII character', 'clé-ünïcode'],
    ['a control character', 'tab\there'],
  ])('%s', async (_label, value) => {
    const email = uniqueEmail('bad-key');
    const res = await call(signUp, '/v1/users', {
      ip: uniqueIp(),
      body: { email, password: PASSWORD },
      headers: { 'idempotency-key': value },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(INVALID_KEY);
    expect(res.json.error.message).toBe('Invalid request body');
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it('two Idempotency-Key headers are refused', async () => {
    const email = uniqueEmail('two-keys');
    const headers = new Headers({ 'content-type': 'application/json', 'x-legwork-peer-address': uniqueIp() });
    headers.append('idempotency-key', 'first');
    headers.append('idempotency-key', 'second');
    const response = await signUp(
      new Request('http://localhost:3000/v1/users', {
        method: 'POST',
        headers,
        body: JSON.stringify({ email, password: PASSWORD }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(INVALID_KEY);
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it('255 characters (the maximum) and a single character are accepted', async () => {
    const longest = `${newKey()}-`.padEnd(255, 'x');
    expect(longest).toHaveLength(255);
    for (const key of [longest, '7']) {
      const res = await signUpWithKey({ email: uniqueEmail('max-key'), password: PASSWORD }, key, uniqueIp());
      expect(res.status).toBe(201);
    }
  });
});
