import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as signIn } from '@/app/v1/auth/sessions/route';
import { POST as signUp } from '@/app/v1/users/route';
import { getDatabase } from '@/db/client';
import { users } from '@/db/schema';
import { envelope, validationEnvelope } from '@/test/expect';
import { uniqueEmail } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { expectRequestId, findUserByEmail, json, PASSWORD, rawPost } from '@/test/raw-requests';
import { MAX_BODY_BYTES } from './steps/parse-input';

const NOT_AN_OBJECT = validationEnvelope([{ path: [], message: 'The request body must be a JSON object' }]);
const MALFORMED = validationEnvelope([{ path: [], message: 'Malformed JSON' }]);
const TOO_LARGE = envelope('PAYLOAD_TOO_LARGE');
const NOT_JSON = envelope('UNSUPPORTED_MEDIA_TYPE');

describe('pipeline: JSON parsing', () => {
  it.each([
    ['POST /v1/users', signUp, '/v1/users'],
    ['POST /v1/auth/sessions', signIn, '/v1/auth/sessions'],
  ] as const)('%s: malformed JSON is 400 with issue "Malformed JSON"', async (_label, handler, path) => {
    for (const body of ['{"email": ', '{email: "a@b.co"}', "{'a': 1}", '{"a":1,}', 'undefined', '\u0000']) {
      const res = await rawPost(handler, path, body, json);
      expect(res.status, body).toBe(400);
      expect(res.json, body).toEqual(MALFORMED);
      expectRequestId(res);
    }
  });

  it.each([
    ['an array', '[{"email":"a@example.com","password":"correct horse battery"}]'],
    ['a string', '"hello"'],
    ['a number', '42'],
    ['true', 'true'],
    ['null', 'null'],
  ])('a JSON body that is %s is 400', async (_label, body) => {
    for (const [handler, path] of [
      [signUp, '/v1/users'],
      [signIn, '/v1/auth/sessions'],
    ] as const) {
      const res = await rawPost(handler, path, body, json);
      expect(res.status).toBe(400);
      expect(res.json).toEqual(NOT_AN_OBJECT);
    }
  });

  it('10,000 levels of nested arrays is a 400, never a 500', async () => {
    const depth = 10_000;
    const res = await rawPost(signUp, '/v1/users', '['.repeat(depth) + ']'.repeat(depth), json);
    expect(res.status).toBe(400);
    expect(res.json).toEqual(NOT_AN_OBJECT);
  });

  it('10,000 levels of nested objects under "email" is a 400 on email, never a 500', async () => {
    const depth = 10_000;
    const nested = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    for (const [handler, path] of [
      [signUp, '/v1/users'],
      [signIn, '/v1/auth/sessions'],
    ] as const) {
      const res = await rawPost(handler, path, `{"email":${nested},"password":"correct horse battery"}`, json);
      expect(res.status).toBe(400);
      expect(res.json).toEqual(
        validationEnvelope([{ path: ['email'], message: 'Invalid input: expected string, received object' }]),
      );
    }
  });

  it('deep nesting under an unknown key and 100,000 levels (still under 1 MB) are 400 too', async () => {
    const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const unknownKey = await rawPost(
      signUp,
      '/v1/users',
      `{"email":"${uniqueEmail()}","password":"${PASSWORD}","extra":${deep(10_000)}}`,
      json,
    );
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.json).toEqual(validationEnvelope([{ path: [], message: 'Unrecognized key: "extra"' }]));

    const arrays = await rawPost(signUp, '/v1/users', '['.repeat(100_000) + ']'.repeat(100_000), json);
    expect(arrays.status).toBe(400);
    expect(arrays.json.error.code).toBe('VALIDATION_ERROR');

    const objects = await rawPost(signUp, '/v1/users', `{"name":${deep(100_000)}}`, json);
    expect(objects.status).toBe(400);
    expect(objects.json.error.code).toBe('VALIDATION_ERROR');
  });

  it('a "__proto__" or "constructor" key is refused like any unknown field and pollutes nothing', async () => {
    for (const key of ['__proto__', 'constructor']) {
      const email = uniqueEmail('proto');
      const body = `{"email":"${email}","password":"${PASSWORD}","${key}":{"isAdmin":true,"roles":["admin"]}}`;
      const res = await rawPost(signUp, '/v1/users', body, json);
      expect(res.status, key).toBe(400);
      expect(res.json, key).toEqual(validationEnvelope([{ path: [], message: `Unrecognized key: "${key}"` }]));
      expect(await findUserByEmail(email)).toBeUndefined();
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).roles).toBeUndefined();
  });

  it('an empty body is read as {} and reported field by field', async () => {
    const res = await rawPost(signUp, '/v1/users', null, json);
    expect(res.status).toBe(400);
    expect(res.json.error.issues.map((issue: { path: string[] }) => issue.path)).toEqual([['email'], ['password']]);
  });
});

describe('pipeline: body size', () => {
  const fiveMb = 5 * 1024 * 1024;

  it('a 5 MB body with a declared Content-Length is 413 PAYLOAD_TOO_LARGE', async () => {
    const body = `{"name":"${'x'.repeat(fiveMb)}"}`;
    const res = await rawPost(signUp, '/v1/users', body, {
      ...json,
      'content-length': String(Buffer.byteLength(body)),
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual(TOO_LARGE);
    expectRequestId(res);
  });

  it('a declared Content-Length over 1 MB is refused before the body is read', async () => {
    const res = await rawPost(signUp, '/v1/users', '{}', { ...json, 'content-length': String(fiveMb) });
    expect(res.status).toBe(413);
    expect(res.json).toEqual(TOO_LARGE);
  });

  it('a 5 MB body without Content-Length is cut off by the streaming cap (and not read to the end)', async () => {
    const chunkSize = 64 * 1024;
    const chunks = fiveMb / chunkSize;
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 0) controller.enqueue(new TextEncoder().encode('{"name":"'));
        if (pulled >= chunks) {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
          return;
        }
        pulled += 1;
        controller.enqueue(new Uint8Array(chunkSize).fill(0x78));
      },
    });
    const res = await rawPost(signUp, '/v1/users', stream, json);
    expect(res.status).toBe(413);
    expect(res.json).toEqual(TOO_LARGE);
    expectRequestId(res);
    // The reader stopped shortly after 1 MB instead of buffering all 5 MB.
    expect(pulled).toBeLessThan(chunks / 2);
  });

  it('a Content-Length that understates a 5 MB body does not get past the streaming cap', async () => {
    const res = await rawPost(signUp, '/v1/users', `{"name":"${'x'.repeat(fiveMb)}"}`, {
      ...json,
      'content-length': '2',
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual(TOO_LARGE);
  });

  it('a 5 MB string body sent without Content-Length (sign-in) is 413', async () => {
    const res = await rawPost(signIn, '/v1/auth/sessions', `{"email":"${'a'.repeat(fiveMb)}@example.com"}`, json);
    expect(res.status).toBe(413);
    expect(res.json).toEqual(TOO_LARGE);
  });

  it('exactly 1 MB is accepted; one byte more is 413', async () => {
    const email = uniqueEmail('one-mb');
    const base = JSON.stringify({ email, password: PASSWORD });
    const exact = base + ' '.repeat(MAX_BODY_BYTES - Buffer.byteLength(base));
    expect(Buffer.byteLength(exact)).toBe(MAX_BODY_BYTES);

    const over = await rawPost(signUp, '/v1/users', `${exact} `, json);
    expect(over.status).toBe(413);
    expect(over.json).toEqual(TOO_LARGE);
    expect(await findUserByEmail(email)).toBeUndefined();

    const ok = await rawPost(signUp, '/v1/users', exact, json);
    expect(ok.status).toBe(201);
    expect(ok.json.data.user.email).toBe(email);
  });
});

describe('pipeline: content type', () => {
  it.each([
    ['text/plain', 'text/plain'],
    ['form-urlencoded', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['xml', 'application/xml'],
    ['jsonp-ish', 'application/javascript'],
  ])('%s is 415 UNSUPPORTED_MEDIA_TYPE and creates nothing', async (_label, contentType) => {
    const email = uniqueEmail('ctype');
    const res = await rawPost(signUp, '/v1/users', JSON.stringify({ email, password: PASSWORD }), {
      'content-type': contentType,
    });
    expect(res.status).toBe(415);
    expect(res.json).toEqual(NOT_JSON);
    expectRequestId(res);
    expect(await findUserByEmail(email)).toBeUndefined();
  });

  it('a body without any Content-Type is 415', async () => {
    const body = new TextEncoder().encode(JSON.stringify({ email: uniqueEmail(), password: PASSWORD }));
    const res = await rawPost(signIn, '/v1/auth/sessions', body);
    expect(res.status).toBe(415);
    expect(res.json).toEqual(NOT_JSON);
  });

  it('accepts application/json with a charset and +json media types', async () => {
    for (const contentType of ['application/json; charset=utf-8', 'APPLICATION/JSON', 'application/vnd.legwork+json']) {
      const res = await rawPost(
        signUp,
        '/v1/users',
        JSON.stringify({ email: uniqueEmail('ctype-ok'), password: PASSWORD }),
        { 'content-type': contentType },
      );
      expect(res.status, contentType).toBe(201);
    }
  });
});

describe('pipeline: text content', () => {
  it('stores unicode in the name intact', async () => {
    const name = 'Zoë 山田 👩🏽‍🔬 مرحبا Ünïcödé ẞ \u{1F600}';
    const email = uniqueEmail('unicode');
    const res = await call(signUp, '/v1/users', { ip: uniqueIp(), body: { email, password: PASSWORD, name } });
    expect(res.status).toBe(201);
    expect(res.json.data.user.name).toBe(name);
    expect((await findUserByEmail(email))?.name).toBe(name);
  });

  it('accepts a unicode password and signs in with it', async () => {
    const email = uniqueEmail('unicode-pw');
    const password = 'pässwörd-密码-🔑🔑';
    expect((await call(signUp, '/v1/users', { ip: uniqueIp(), body: { email, password } })).status).toBe(201);
    expect((await call(signIn, '/v1/auth/sessions', { ip: uniqueIp(), body: { email, password } })).status).toBe(201);
  });

  it('refuses a NUL character with 400 (never 500), wherever it is', async () => {
    const nul = validationEnvelope([{ path: ['name'], message: 'Must not contain NUL (\\u0000) characters' }]);
    const inName = await call(signUp, '/v1/users', {
      ip: uniqueIp(),
      body: { email: uniqueEmail('nul'), password: PASSWORD, name: 'Robert\u0000Tables' },
    });
    expect(inName.status).toBe(400);
    expect(inName.json).toEqual(nul);

    const inPassword = await call(signUp, '/v1/users', {
      ip: uniqueIp(),
      body: { email: uniqueEmail('nul'), password: 'correct\u0000horse battery' },
    });
    expect(inPassword.status).toBe(400);
    expect(inPassword.json).toEqual(
      validationEnvelope([{ path: ['password'], message: 'Must not contain NUL (\\u0000) characters' }]),
    );

    const inEmail = await call(signUp, '/v1/users', {
      ip: uniqueIp(),
      body: { email: `a\u0000${uniqueEmail()}`, password: PASSWORD },
    });
    expect(inEmail.status).toBe(400);
    expect(inEmail.json.error.issues[0].path).toEqual(['email']);

    const inKey = await call(signUp, '/v1/users', {
      ip: uniqueIp(),
      body: { email: uniqueEmail(), password: PASSWORD, 'na\u0000me': 'x' },
    });
    expect(inKey.status).toBe(400);
    expect(inKey.json.error.code).toBe('VALIDATION_ERROR');

    // Sign-in: a NUL in the password is just a wrong password.
    const signInNul = await call(signIn, '/v1/auth/sessions', {
      ip: uniqueIp(),
      body: { email: uniqueEmail(), password: 'x\u0000y' },
    });
    expect(signInNul.status).toBe(401);
  });

  it('decodes invalid UTF-8 bytes to U+FFFD instead of failing', async () => {
    const email = uniqueEmail('bad-utf8');
    const prefix = new TextEncoder().encode(`{"email":"${email}","password":"${PASSWORD}","name":"A`);
    const suffix = new TextEncoder().encode('B"}');
    const body = new Uint8Array([...prefix, 0xff, 0xfe, ...suffix]);
    const res = await rawPost(signUp, '/v1/users', body, json);
    expect(res.status).toBe(201);
    expect((await findUserByEmail(email))?.name).toBe('A\uFFFD\uFFFDB');
  });

  it('stores SQL-looking strings verbatim, and the users table still exists', async () => {
    const { db } = await getDatabase();
    const name = "'; drop table users; --";
    const email = uniqueEmail('bobby');
    const res = await call(signUp, '/v1/users', { ip: uniqueIp(), body: { email, password: PASSWORD, name } });
    expect(res.status).toBe(201);
    expect(res.json.data.user.name).toBe(name);
    expect((await findUserByEmail(email))?.name).toBe(name);

    const signInSql = await call(signIn, '/v1/auth/sessions', {
      ip: uniqueIp(),
      body: { email, password: "' or '1'='1" },
    });
    expect(signInSql.status).toBe(401);

    const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
    expect(count).toBeGreaterThan(0);
    const database = await getDatabase();
    const [table] = await database.query<{ name: string | null }>(
      'test_users_regclass',
      "select to_regclass('public.users')::text as name",
      [],
    );
    expect(table?.name).toBe('users');
  });
});
