import { describe, expect, it } from 'vitest';
import {
  DELETE as unknownDelete,
  GET as unknownGet,
  PATCH as unknownPatch,
  POST as unknownPost,
  PUT as unknownPut,
} from '@/app/v1/[...path]/route';
import { GET as getMe } from '@/app/v1/users/me/route';
import { POST as signUp } from '@/app/v1/users/route';
import { type Database, getDatabase, setDatabase } from '@/db/client';
import { ensureWindowRoom, envelope } from '@/test/expect';
import { uniqueEmail } from '@/test/factories';
import { type CallResult, call, send, uniqueIp } from '@/test/http';
import { expectRequestId, json, PASSWORD, rawPost } from '@/test/raw-requests';

describe('pipeline: request ids', () => {
  it('every response carries X-Request-Id: 201, 400, 401, 409, 413, 415, 429', async () => {
    const email = uniqueEmail('rid');
    const results: CallResult[] = [];
    results.push(await call(signUp, '/v1/users', { ip: uniqueIp(), body: { email, password: PASSWORD } }));
    results.push(await call(signUp, '/v1/users', { ip: uniqueIp(), body: { email, password: PASSWORD } }));
    results.push(await call(signUp, '/v1/users', { ip: uniqueIp(), body: { email } }));
    results.push(await call(getMe, '/v1/users/me', { ip: uniqueIp() }));
    results.push(await rawPost(signUp, '/v1/users', '{}', { ...json, 'content-length': '99999999' }));
    results.push(await rawPost(signUp, '/v1/users', 'a=b', { 'content-type': 'text/plain' }));
    await ensureWindowRoom(60, 5);
    const ip = uniqueIp();
    let limited: CallResult | undefined;
    for (let n = 0; n < 25 && !limited; n++) {
      const res = await call(signUp, '/v1/users', { ip, body: {} });
      if (res.status === 429) limited = res;
    }
    expect(limited).toBeDefined();
    if (limited) results.push(limited);

    expect(results.map((res) => res.status)).toEqual([201, 409, 400, 401, 413, 415, 429]);
    const ids = results.map((res) => res.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('echoes a well-formed inbound X-Request-Id and replaces a malformed one', async () => {
    const good = await call(getMe, '/v1/users/me', {
      ip: uniqueIp(),
      headers: { 'x-request-id': 'client-trace:1234.abcd' },
    });
    expect(good.headers.get('x-request-id')).toBe('client-trace:1234.abcd');
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(129), '<script>alert(1)</script>']) {
      const res = await call(getMe, '/v1/users/me', { ip: uniqueIp(), headers: { 'x-request-id': bad } });
      expect(res.headers.get('x-request-id')).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
    }
  });
});

/** Signs up while every transaction fails with `error`, as a broken database would answer. */
async function signUpWhileTransactionsFail(error: Error): Promise<CallResult> {
  const real = await getDatabase();
  const broken: Database = {
    ...real,
    db: new Proxy(real.db, {
      get(target, property, receiver) {
        if (property === 'transaction') return () => Promise.reject(error);
        return Reflect.get(target, property, receiver);
      },
    }),
  };
  setDatabase(broken);
  try {
    return await call(signUp, '/v1/users', {
      ip: uniqueIp(),
      body: { email: uniqueEmail('boom'), password: PASSWORD },
    });
  } finally {
    setDatabase(real);
  }
}

describe('pipeline: unexpected failures', () => {
  it('an unexpected error is 500 INTERNAL_ERROR without leaking the cause', async () => {
    const res = await signUpWhileTransactionsFail(new Error('connect ECONNREFUSED secret-db-host:5432'));
    expect(res.status).toBe(500);
    expect(res.json).toEqual(envelope('INTERNAL_ERROR'));
    expect(res.text).not.toContain('secret-db-host');
    expect(res.text).not.toContain('ECONNREFUSED');
    expectRequestId(res);
  });
});

describe('pipeline: the database going away', () => {
  it('a restart the driver could not outlast is 503 SERVICE_UNAVAILABLE with Retry-After, not a 500', async () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const res = await signUpWhileTransactionsFail(new Error('Failed query: insert into users', { cause: terminated }));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.json).toEqual(
      envelope('SERVICE_UNAVAILABLE', {
        message: 'The database is briefly unavailable',
        hint: expect.stringContaining('same Idempotency-Key'),
      }),
    );
    expect(res.text).not.toContain('administrator');
    expectRequestId(res);
  });
});

describe('pipeline: unknown /v1 paths', () => {
  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    '%s on an unknown path is the 404 NOT_FOUND envelope',
    async (method) => {
      const handler = {
        GET: unknownGet,
        POST: unknownPost,
        PUT: unknownPut,
        PATCH: unknownPatch,
        DELETE: unknownDelete,
      }[method];
      const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
      const res = await send(
        handler,
        new Request('http://localhost:3000/v1/no/such/endpoint', { method, body, headers: json }),
        { path: 'no/such/endpoint' },
      );
      expect(res.status).toBe(404);
      expect(res.json).toEqual(
        envelope('NOT_FOUND', {
          message: 'No such API endpoint',
          hint: 'See /v1/openapi.json for every endpoint of this API.',
        }),
      );
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expectRequestId(res);
    },
  );
});
