import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createScratchDatabase, dropScratchDatabase } from '../../db/scratch-database';
import { x402SignerFromAccount } from '../../lib/client/x402-signer';
import { startServer, stopServer, waitForServer } from '../../scripts/bench-server';
import { type RawRequestOptions, rawExchange } from '../../test/raw-exchange';
import { expect, test } from '../fixtures';
import { verificationToken } from '../mailbox';
import { nextStart, siteEnv } from './parity-servers';
import { type Answer, decoded, type Side, view } from './parity-view';

// Issue 24's proof that both paths behave alike: the production server (`npm start`, server.ts, whose API router
// serves every canonical /v1 request) and plain `next start` (Next serves everything through the route files),
// both from the existing build and on one scratch database, answer the same requests alike: status, the headers
// that matter and the body, after normalising what differs between any two runs (ids, times, keys, the side's own
// tag in emails, its base URL). Each side makes its own equivalent user, keys and tasks. Ignores the suite's server.

type Call = RawRequestOptions & { path: string };

const serverUrl = process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const run = `${Date.now().toString(36)}${process.pid}`;
const password = 'correct horse battery 42';
const NO_TASK = '00000000-0000-4000-8000-000000000000';
// One client address for both. The router's server trusts the loopback proxy and counts it in its own per-IP
// buckets; plain Next never sees the TCP peer (only server.ts writes it), so every client of it is 0.0.0.0: two
// fresh buckets in the shared database that the same requests fill alike.
const CLIENT_IP = '10.24.0.1';

let databaseUrl = '';
const servers: ChildProcess[] = [];
const sides: Side[] = [];

/** One raw exchange with a side, gzip asked for unless the call says otherwise. */
function call(side: Side, { path: target, headers = {}, ...options }: Call): Promise<Answer> {
  return rawExchange(side.base, target, {
    ...options,
    headers: { 'accept-encoding': 'gzip', 'x-forwarded-for': CLIENT_IP, ...headers },
  });
}

const json = (value: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(value),
});
const bearer = (token: string | undefined) => ({ authorization: `Bearer ${token}` });
const readJson = (answer: Answer) => JSON.parse(decoded(answer).toString()) as Record<string, unknown>;

/** The task-creation body; `big` fills every text field to its maximum length (a large valid body). */
const taskBody = (side: Side, big = false) => ({
  title: `Check the opening hours ${big ? 'x'.repeat(150) : side.tag}`,
  budgetCents: 1_500,
  ...(big
    ? {
        draft: true,
        description: 'd'.repeat(5_000),
        instructions: 'i'.repeat(5_000),
        requiredSkills: Array.from({ length: 20 }, (_, index) => `${index}`.padEnd(50, 's')),
      }
    : {}),
});

/** POST /v1/tasks paid with x402: the 402's offer, signed by a fresh wallet, sent back in `X-Payment`. */
async function paidTask(side: Side): Promise<Answer> {
  const offer = JSON.parse(side.state.offer ?? '{}');
  const signer = x402SignerFromAccount(privateKeyToAccount(generatePrivateKey()), { maxAmountAtomic: 100_000_000n });
  const payment = await signer(offer as Parameters<typeof signer>[0]);
  const answer = await call(side, createTask(side, { [payment.header]: payment.value }));
  side.state.taskId = String((readJson(answer).data as { id: string }).id);
  return answer;
}
const createTask = (side: Side, headers: Record<string, string> = {}): Call => ({
  method: 'POST',
  path: '/v1/tasks',
  ...json(taskBody(side), { ...bearer(side.state.apiKey), ...headers }),
});

/** Failed sign-ins until the per-IP `auth` limit (20 a minute) answers 429; the same count on both sides. */
async function untilRateLimited(side: Side): Promise<Answer> {
  for (let attempts = 1; attempts <= 30; attempts++) {
    const answer = await call(side, {
      method: 'POST',
      path: '/v1/auth/sessions',
      ...json({ email: `nobody-${attempts}-${side.tag}@example.com`, password }),
    });
    if (answer.status === 429) return { ...answer, attempts };
  }
  throw new Error(`${side.name}: no 429 after 30 sign-ins`);
}

/** POST /v1/operators/me/keys with the session and an Idempotency-Key: the second time, a replay. */
const createKeyOnce = (side: Side) =>
  call(side, {
    method: 'POST',
    path: '/v1/operators/me/keys',
    ...json({ name: 'parity' }, { ...bearer(side.state.token), 'idempotency-key': `keys-${side.tag}` }),
  });

/** A task whose description is `length` long: over 1 MB the JSON limit refuses it, below its schema does. */
const longTask = (side: Side, length: number, chunked = false): Call => ({
  method: 'POST',
  path: '/v1/tasks',
  headers: { 'content-type': 'application/json', ...bearer(side.state.apiKey) },
  body: JSON.stringify({ title: 'big', budgetCents: 1_500, description: 'x'.repeat(length) }),
  chunked,
});
/** Refused by its Content-Length before a byte of it is read. */
const oversized = (side: Side) => longTask(side, 1_100_000);

/** A request made on both sides, the status the router must answer, and what later steps need from the answer. */
type Step = {
  name: string;
  status: number;
  send: (side: Side) => Promise<Answer>;
  keep?: (side: Side, answer: Answer) => void;
};
const get = (name: string, status: number, target: (side: Side) => string, auth?: 'token' | 'apiKey'): Step => ({
  name,
  status,
  send: (side) => call(side, { path: target(side), headers: auth ? bearer(side.state[auth]) : {} }),
});

// In order: later steps use what earlier ones kept. The rate-limited one is last (it uses up the per-IP budget).
const steps: Step[] = [
  get('GET /v1/health', 200, () => '/v1/health'),
  {
    name: 'POST /v1/users',
    status: 201,
    send: (side) => call(side, { method: 'POST', path: '/v1/users', ...json({ email: side.state.email, password }) }),
  },
  {
    name: 'POST /v1/auth/sessions',
    status: 201,
    send: (side) =>
      call(side, { method: 'POST', path: '/v1/auth/sessions', ...json({ email: side.state.email, password }) }),
    keep: (side, answer) => {
      side.state.token = String((readJson(answer).data as { token: string }).token);
    },
  },
  get('GET /v1/users/me (session)', 200, () => '/v1/users/me', 'token'),
  {
    // Keys need a verified address (issue 32): the link from this side's own mailbox.
    name: 'POST /v1/users/me/email/verify',
    status: 200,
    send: async (side) => {
      const token = await verificationToken(side.base, side.state.email ?? '');
      return call(side, {
        method: 'POST',
        path: '/v1/users/me/email/verify',
        ...json({ token }, bearer(side.state.token)),
      });
    },
  },
  {
    name: 'POST /v1/operators/me/keys',
    status: 201,
    send: createKeyOnce,
    keep: (side, answer) => {
      side.state.apiKey = String((readJson(answer).data as { key: string }).key);
    },
  },
  {
    name: 'POST /v1/operators/me/keys again with its Idempotency-Key (replayed)',
    status: 201,
    send: createKeyOnce,
  },
  get('GET /v1/operators/me (API key)', 200, () => '/v1/operators/me', 'apiKey'),
  {
    name: 'POST /v1/tasks unpaid: 402 with the x402 offer',
    status: 402,
    send: (side) => call(side, createTask(side)),
    keep: (side, answer) => {
      side.state.offer = decoded(answer).toString();
    },
  },
  { name: 'POST /v1/tasks paid with x402', status: 201, send: paidTask },
  get('GET /v1/tasks/{id}', 200, (side) => `/v1/tasks/${side.state.taskId}`, 'apiKey'),
  get('GET /v1/tasks', 200, () => '/v1/tasks', 'apiKey'),
  {
    name: 'HEAD /v1/tasks/{id}: GET’s headers, no body',
    status: 200,
    send: (side) =>
      call(side, { method: 'HEAD', path: `/v1/tasks/${side.state.taskId}`, headers: bearer(side.state.apiKey) }),
  },
  {
    name: 'POST /v1/tasks with every text at its maximum (a large valid body)',
    status: 201,
    send: (side) =>
      call(side, { method: 'POST', path: '/v1/tasks', ...json(taskBody(side, true), bearer(side.state.apiKey)) }),
  },
  {
    name: 'POST /v1/sandbox/tasks/{id}/simulate accept',
    status: 200,
    send: (side) =>
      call(side, {
        method: 'POST',
        path: `/v1/sandbox/tasks/${side.state.taskId}/simulate`,
        ...json({ action: 'accept' }, bearer(side.state.apiKey)),
      }),
  },
  get(
    'GET /v1/tasks/{id}/messages/await: a long poll that times out',
    200,
    (side) => `/v1/tasks/${side.state.taskId}/messages/await?timeoutSec=1`,
    'apiKey',
  ),
  get('GET /v1/openapi.json, gzip', 200, () => '/v1/openapi.json'),
  {
    name: 'POST /v1/mcp initialize',
    status: 200,
    send: (side) =>
      call(side, {
        method: 'POST',
        path: '/v1/mcp',
        ...json(
          {
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'parity', version: '1' } },
          },
          { accept: 'application/json, text/event-stream' },
        ),
      }),
  },
  // Every error class.
  {
    name: '400 VALIDATION_ERROR with issues',
    status: 400,
    send: (side) => call(side, { method: 'POST', path: '/v1/users', ...json({ email: 'nope', password: 'x' }) }),
  },
  get('401 without credentials', 401, () => '/v1/users/me'),
  {
    name: '403 an API key on a session-only operation',
    status: 403,
    send: (side) =>
      call(side, { method: 'POST', path: '/v1/operators/me/keys', ...json({ name: 'no' }, bearer(side.state.apiKey)) }),
  },
  get('404 an unknown task', 404, () => `/v1/tasks/${NO_TASK}`, 'apiKey'),
  get('404 a malformed task id', 404, () => '/v1/tasks/not-a-uuid', 'apiKey'),
  {
    name: '409 a taken email',
    status: 409,
    send: (side) => call(side, { method: 'POST', path: '/v1/users', ...json({ email: side.state.email, password }) }),
  },
  {
    name: '413 a body over 1 MB',
    status: 413,
    send: (side) => call(side, oversized(side)),
  },
  {
    name: '413 a body over 1 MB sent chunked (read up to the limit)',
    status: 413,
    send: (side) => call(side, longTask(side, 1_100_000, true)),
  },
  {
    name: '400 a chunked body just under 1 MB, read whole, then refused by its schema',
    status: 400,
    send: (side) => call(side, longTask(side, 1_000_000, true)),
  },
  {
    name: 'the next request on a connection whose 413 left its body unread',
    status: 200,
    send: async (side) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      await call(side, { ...oversized(side), agent });
      const next = await call(side, { path: '/v1/health', agent });
      agent.destroy();
      if (!next.reusedConnection) throw new Error('the request after the 413 went on a new connection');
      return next;
    },
  },
  {
    name: '415 a body that is not JSON',
    status: 415,
    send: (side) =>
      call(side, {
        method: 'POST',
        path: '/v1/users',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ email: side.state.email, password }),
      }),
  },
  get('404 an unknown /v1 path', 404, () => '/v1/nope/nothing'),
  { name: '405 with Allow', status: 405, send: (side) => call(side, { method: 'POST', path: '/v1/users/me' }) },
  {
    name: 'OPTIONS: 204 with Allow',
    status: 204,
    send: (side) => call(side, { method: 'OPTIONS', path: '/v1/tasks' }),
  },
  get('a trailing slash: 308 to the canonical path', 308, () => '/v1/health/'),
  get('a doubled slash: 308 to the canonical path', 308, () => '/v1//health'),
  { name: '429 once the per-IP sign-in limit is used up', status: 429, send: untilRateLimited },
];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  databaseUrl = await createScratchDatabase(serverUrl, 'legwork_parity');
  const port = Number(process.env.E2E_PORT ?? 3100 + (process.pid % 400));
  for (const [index, name] of (['router', 'next'] as const).entries()) {
    const base = `http://127.0.0.1:${port + index + 1}`;
    // One at a time: the first to start migrates the shared database.
    servers.push(
      name === 'router'
        ? startServer(databaseUrl, port + index + 1, { env: siteEnv(base) })
        : nextStart(base, databaseUrl),
    );
    await waitForServer(base);
    const tag = `parity-${name}-${run}`;
    sides.push({ name, base, tag, state: { email: `${tag}@example.com` } });
  }
});

test.afterAll(async () => {
  await Promise.all(servers.filter((server) => server.exitCode === null).map(stopServer));
  if (databaseUrl) await dropScratchDatabase(serverUrl, databaseUrl);
});

/**
 * Rate limits count in fixed windows on the minute (lib/auth/rate-counter.ts): a window rolling over between the
 * two sides' requests would put them in different counts (RateLimit's `r`, the attempts to the 429). The steps take
 * seconds; they start with at least 40 s of the window left.
 */
async function withinOneRateWindow() {
  const intoWindow = Date.now() % 60_000;
  if (intoWindow > 20_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoWindow + 200));
}

test('the API router and plain Next answer the same requests alike', async () => {
  test.setTimeout(120_000);
  await withinOneRateWindow();
  for (const step of steps) {
    const views = [];
    for (const side of sides) {
      const answer = await step.send(side).catch((error: Error) => {
        throw new Error(`${step.name} (${side.name}): ${error.message}`, { cause: error });
      });
      step.keep?.(side, answer);
      views.push(view(side, answer));
    }
    const [router, nextJs] = views;
    expect.soft(router?.status, step.name).toBe(step.status);
    expect.soft(nextJs, step.name).toEqual(router);
  }
});

test('where the router deliberately differs from Next', async () => {
  const [router, nextJs] = sides as [Side, Side];
  // Each side is served by the path it stands for: Next adds its own router's entries to Vary, the API router not.
  expect((await call(router, { path: '/v1/health' })).headers.vary).toBe('Accept-Encoding');
  expect((await call(nextJs, { path: '/v1/health' })).headers.vary).toMatch(
    /^rsc, next-router-state-tree, .*Accept-Encoding$/,
  );
  // A malformed percent-escape in an id: no such task, in the envelope (Next answers a text/plain 500).
  const malformed = await call(router, { path: '/v1/tasks/%E0%A4%A', headers: bearer(router.state.apiKey) });
  expect(malformed.status).toBe(404);
  expect(readJson(malformed)).toMatchObject({ error: { code: 'NOT_FOUND' } });
  // TRACE, which a web Request cannot carry: 405 with Allow like any unrouted method (Next answers 500).
  const trace = await call(router, { method: 'TRACE', path: '/v1/health' });
  expect(trace.status).toBe(405);
  expect(trace.headers.allow).toBe('GET');
  expect(readJson(trace)).toMatchObject({ error: { code: 'METHOD_NOT_ALLOWED' } });
});
