import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import type { RouteHandler } from '@/lib/api/route';
import { IDEMPOTENCY_HEADER } from '@/lib/api/steps/idempotency';
import { SCOPES } from '@/lib/auth/scopes';
import type { Operation } from '@/lib/schemas/operation';
import { documentedOperations, operations } from '@/lib/schemas/operations';
import { envelope, UNAUTHORIZED_BODY } from '@/test/expect';
import { insertApiKey } from '@/test/factories';
import { type CallOptions, type CallResult, call, send, uniqueIp } from '@/test/http';
import { intakeAdminForFile } from '@/test/intake';
import { exportedHandlers } from '@/test/route-modules';
import { signUpViaApi } from '@/test/sessions';
import { SESSION_ONLY_BODY, withTemporaryDataDir } from '@/test/worker-profiles';
import { replaySamples, type SampleFixtures } from './replay-samples';
import { fillPath, malformedValue, pathParamNames, wrongTypeField } from './schema-probes';

// The auth and input rules every operation in lib/schemas/operations.ts must keep, checked from its declaration:
// a route added to that list is covered here without anyone writing a test for it.

const API_KEY_ONLY_BODY = envelope('FORBIDDEN', {
  message: 'This operation requires an API key',
  hint: 'Send an API key (lgw_live_… or lgw_test_…) as the bearer token.',
});

const label = (operation: Pick<Operation, 'method' | 'path'>) => `${operation.method} ${operation.path}`;
const isIdempotent = (operation: Operation) => operation.idempotent ?? operation.method === 'POST';
const readsJson = (operation: Operation) => operation.body !== undefined;

withTemporaryDataDir();

const handlerOf = new Map<Operation, RouteHandler>();
const fixtures = {
  session: '',
  fullKey: '',
  noScopeKey: '',
  userId: '',
  email: '',
  password: '',
  adminSession: '',
  adminKey: '',
};
const admin = intakeAdminForFile();

beforeAll(async () => {
  for (const { operation, handler } of await exportedHandlers()) if (operation) handlerOf.set(operation, handler);
  const human = await signUpViaApi('contract');
  const { db } = await getDatabase();
  Object.assign(fixtures, {
    session: human.token,
    userId: human.userId,
    email: human.email,
    password: 'correct horse battery',
    fullKey: (await insertApiKey(db, { userId: human.userId, scopes: [...SCOPES] })).key,
    noScopeKey: (await insertApiKey(db, { userId: human.userId, scopes: [] })).key,
    adminSession: admin.token,
    adminKey: (await insertApiKey(db, { userId: admin.userId, scopes: [...SCOPES] })).key,
  });
});

/** Well-formed ids naming nothing, for every path param of the operation. */
function unknownIds(operation: Operation): Record<string, string> {
  return Object.fromEntries(pathParamNames(operation.path).map((name) => [name, randomUUID()]));
}

/** Calls the operation's handler at its path filled with `params` (unknown ids by default). */
function callOperation(
  operation: Operation,
  options: CallOptions & { params?: Record<string, string> } = {},
): Promise<CallResult> {
  const handler = handlerOf.get(operation);
  if (!handler) throw new Error(`${label(operation)} has no route handler`);
  const params = options.params ?? unknownIds(operation);
  return call(handler, fillPath(operation.path, params), { ip: uniqueIp(), ...options, params });
}

/** A credential the operation accepts, with every scope: what gets a caller past authentication. */
function acceptedToken(operation: Operation): string | undefined {
  if (operation.auth === 'none') return undefined;
  if (operation.admin) return fixtures.adminSession;
  return operation.auth === 'session' ? fixtures.session : fixtures.fullKey;
}

const authenticated = operations.filter((operation) => operation.auth !== 'none');

describe('the operations list and the route handlers agree', () => {
  it('every exported handler carries a listed operation, and every listed operation has a handler', async () => {
    const listed = [...operations, ...documentedOperations];
    const carried = (await exportedHandlers()).map(({ file, method, ...built }) => {
      const operation = built.operation ?? built.documentedOperation;
      expect(operation, `${method} ${file} carries no operation`).toBeDefined();
      expect(listed, `${method} ${file} is missing from lib/schemas/operations.ts`).toContain(operation);
      return operation;
    });
    for (const operation of listed) expect(carried, `${label(operation)} has no handler`).toContain(operation);
  });
});

describe('no credential: 401 UNAUTHORIZED', () => {
  it.each(authenticated.map((operation) => [label(operation), operation] as const))('%s', async (_, operation) => {
    const res = await callOperation(operation);
    expect(res.status, res.text).toBe(401);
    expect(res.json).toEqual(UNAUTHORIZED_BODY);
  });
});

describe('the wrong kind of credential: 403 FORBIDDEN', () => {
  const oneKind = operations.filter((operation) => operation.auth === 'session' || operation.auth === 'apiKey');
  it.each(oneKind.map((operation) => [label(operation), operation] as const))('%s', async (_, operation) => {
    const sessionOnly = operation.auth === 'session';
    const res = await callOperation(operation, { token: sessionOnly ? fixtures.fullKey : fixtures.session });
    expect(res.status, res.text).toBe(403);
    expect(res.json).toEqual(sessionOnly ? SESSION_ONLY_BODY : API_KEY_ONLY_BODY);
  });
});

describe('admin operations: an admin session only', () => {
  const adminOnly = operations.filter((operation) => operation.admin);

  it('every operation under /v1/admin and /v1/intake, and every resolve, is declared admin and session-only', () => {
    const staffPaths = operations.filter((operation) => /^\/v1\/(admin|intake)(\/|$)|\/resolve$/.test(operation.path));
    expect(staffPaths.length).toBeGreaterThan(10);
    expect(adminOnly.map(label).sort()).toEqual(staffPaths.map(label).sort());
    for (const operation of adminOnly) expect(operation.auth, label(operation)).toBe('session');
  });

  // Each one refusing an admin's API key and a non-admin session: app/v1/admin/admin.security.test.ts.
});

describe('a key without the scope: 403 FORBIDDEN naming requiredScope', () => {
  const scoped = operations.filter((operation) => operation.scope && operation.auth !== 'session');
  it.each(scoped.map((operation) => [label(operation), operation] as const))('%s', async (_, operation) => {
    const res = await callOperation(operation, { token: fixtures.noScopeKey });
    expect(res.status, res.text).toBe(403);
    expect(res.json).toEqual(
      envelope('FORBIDDEN', {
        message: `This API key lacks the \`${operation.scope}\` scope`,
        hint: 'Use a key that has this scope, or create one with it from the dashboard.',
        details: { requiredScope: operation.scope },
      }),
    );
  });
});

describe('a malformed path id: 404 NOT_FOUND', () => {
  const cases = operations.flatMap((operation) =>
    pathParamNames(operation.path).flatMap((name) => {
      const value = operation.params && malformedValue(operation.params, name);
      return value ? [[`${label(operation)} with ${name}=${value.slice(0, 12)}`, operation, name, value] as const] : [];
    }),
  );
  it.each(cases)('%s', async (_, operation, name, value) => {
    const params = { ...unknownIds(operation), [name]: value };
    const res = await callOperation(operation, { token: acceptedToken(operation), params });
    expect(res.status, res.text).toBe(404);
    expect(res.json).toEqual(envelope('NOT_FOUND'));
  });
});

describe('an invalid JSON body: 400 VALIDATION_ERROR with issues', () => {
  const withBody = operations.filter(readsJson).map((operation) => [label(operation), operation] as const);

  it.each(withBody)('%s refuses an unknown field', async (_, operation) => {
    const res = await callOperation(operation, { token: acceptedToken(operation), body: { contractProbe: true } });
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual(
      envelope('VALIDATION_ERROR', {
        issues: expect.arrayContaining([{ path: [], message: expect.stringContaining('"contractProbe"') }]),
      }),
    );
  });

  it.each(withBody)('%s refuses a field of the wrong type', async (_, operation) => {
    const probe = operation.body && wrongTypeField(operation.body);
    expect(probe, `cannot derive a wrong-typed field from the body schema of ${label(operation)}`).toBeDefined();
    if (!probe) return;
    const body = { [probe.field]: probe.value };
    const res = await callOperation(operation, { token: acceptedToken(operation), body });
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual(
      envelope('VALIDATION_ERROR', {
        issues: expect.arrayContaining([{ path: [probe.field], message: expect.any(String) }]),
      }),
    );
  });
});

describe('a POST retried with the same Idempotency-Key: the stored answer is replayed', () => {
  const idempotent = operations.filter(isIdempotent);

  it('every idempotent operation that reads a body has a valid sample, and every sample an operation', () => {
    const needed = idempotent.filter((operation) => readsJson(operation) || operation.multipart);
    expect(Object.keys(replaySamples).sort()).toEqual(needed.map((operation) => operation.operationId).sort());
  });

  it.each(idempotent.map((operation) => [label(operation), operation] as const))('%s', async (_, operation) => {
    // A fresh key for key-only operations: rotate-self retires the key that calls it.
    const token =
      operation.auth === 'apiKey'
        ? (await insertApiKey((await getDatabase()).db, { userId: fixtures.userId, scopes: [...SCOPES] })).key
        : operation.auth === 'none'
          ? undefined
          : acceptedToken(operation);
    const ip = uniqueIp(); // an anonymous caller's idempotency scope is its address
    const params = unknownIds(operation);
    const key = randomUUID();
    const attempt = () => sendSample(operation, { token, ip, params, headers: { [IDEMPOTENCY_HEADER]: key } });
    const first = await attempt();
    expect(first.status, first.text).toBeLessThan(499);
    expect(first.status, 'a 402 is never stored').not.toBe(402);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const retry = await attempt();
    expect(retry.status).toBe(first.status);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.json).toEqual(first.json);
  });
});

/** The operation's replay sample (JSON or multipart), or no body for an operation that reads none. */
function sendSample(
  operation: Operation,
  options: CallOptions & { params: Record<string, string> },
): Promise<CallResult> {
  const sample = replaySamples[operation.operationId];
  if (sample && 'form' in sample) {
    const handler = handlerOf.get(operation);
    if (!handler) throw new Error(`${label(operation)} has no route handler`);
    const headers = new Headers(options.headers);
    if (options.token) headers.set('authorization', `Bearer ${options.token}`);
    const url = new URL(fillPath(operation.path, options.params), 'http://localhost:3000');
    return send(handler, new Request(url, { method: operation.method, headers, body: sample.form() }), options.params);
  }
  const sampleFixtures: SampleFixtures = { email: fixtures.email, password: fixtures.password };
  if (sample) expect(operation.body?.safeParse(sample.body(sampleFixtures)).success, 'the sample is valid').toBe(true);
  return callOperation(operation, { ...options, body: sample?.body(sampleFixtures) });
}
