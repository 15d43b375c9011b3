import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { apiRequestLog, users } from '@/db/schema';
import { flushUsageLog } from '@/lib/api/usage-log';
import { PEER_ADDRESS_HEADER } from '@/lib/config/client-address';
import { heldWaitSlots } from '@/lib/realtime/wait-slots';
import { documentedOperations, operations } from '@/lib/schemas/operations';
import { sleep, thread } from '@/test/messages';
import { rawExchange } from '@/test/raw-exchange';
import { type ApiRequestSample, ApiRouter } from './api-router';

// The router in this process on a real socket, with the test database: what `npm start` serves under /v1.
const samples: ApiRequestSample[] = [];
let base = '';
let server: http.Server;

beforeAll(async () => {
  const router = await ApiRouter.load(path.resolve('app/v1'), {
    hostname: '127.0.0.1',
    observe: (sample) => samples.push(sample),
  });
  server = http.createServer((req, res) => {
    if (router.serve(req, res)) return;
    res.writeHead(299, { 'content-type': 'text/plain' }); // stands for Next
    res.end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** One request over its own socket (or `agent`'s), the path as written, the answer read whole and undecoded. */
function request(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
  agent?: http.Agent,
) {
  return rawExchange(base, url, { method, headers, body, agent });
}
const json = (body: Buffer) => JSON.parse(body.toString('utf8'));

describe('the API router', () => {
  it('serves every operation of the registry with its own handler', async () => {
    for (const operation of [...operations, ...documentedOperations]) {
      const url = operation.path.replace(/\{\w+\}/g, () => randomUUID());
      samples.length = 0;
      const res = await request(operation.method, url, { 'content-type': 'application/json' }, '{}');
      const code = res.body.length > 0 ? json(res.body).error?.code : undefined;
      expect(code, `${operation.method} ${url}`).not.toBe('INTERNAL_ERROR');
      // Observed once the answer is written, which the client may see first.
      for (let i = 0; i < 50 && samples.length === 0; i++) await sleep(10);
      expect(samples.map((sample) => sample.operation)).toEqual([operation.operationId]);
    }
  }, 60_000);

  it('answers unknown paths 404 and other methods 405 with Allow, in the error envelope', async () => {
    const unknown = await request('GET', '/v1/nope/x');
    expect(unknown.status).toBe(404);
    expect(json(unknown.body).error).toMatchObject({ code: 'NOT_FOUND', message: 'No such API endpoint' });
    expect(unknown.headers['x-request-id']).toMatch(/^req_/);

    const wrong = await request('DELETE', '/v1/health');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET');
    expect(json(wrong.body).error).toMatchObject({
      code: 'METHOD_NOT_ALLOWED',
      hint: 'Use GET; see /v1/openapi.json.',
    });

    // A web Request cannot carry TRACE: still a 405 naming it (Next answered a text/plain 500).
    const trace = await request('TRACE', '/v1/tasks');
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe('GET, POST');
    expect(json(trace.body).error.message).toBe('TRACE is not allowed on this path');

    // A malformed escape in an id: no such resource (Next answered a text/plain 500).
    const malformed = await request('GET', '/v1/tasks/%E0%A4%A');
    expect(malformed.status).toBe(404);
    expect(json(malformed.body).error.code).toBe('NOT_FOUND');
  });

  it('answers HEAD with the GET headers and no body, and OPTIONS as Next does', async () => {
    const head = await request('HEAD', '/v1/health', { 'x-request-id': 'req_from_the_client_1' });
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(head.headers['x-request-id']).toBe('req_from_the_client_1');
    expect(head.body.length).toBe(0);

    const options = await request('OPTIONS', '/v1/tasks');
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT');
  });

  it('hands Next every other path, and the non-canonical /v1 paths it redirects', async () => {
    for (const url of ['/dashboard', '/v1', '/v1/health/', '/v1//health', '/v1/./health', '/v1/tasks/../health']) {
      const res = await request('GET', url);
      expect(res.status, url).toBe(299);
    }
  });

  it('compresses what Next compressed: JSON, whatever its size, for a client that accepts gzip', async () => {
    const gzipped = await request('GET', '/v1/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('Accept-Encoding');
    expect(json(gunzipSync(gzipped.body)).openapi).toMatch(/^3\./);

    const plain = await request('GET', '/v1/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(json(plain.body).openapi).toMatch(/^3\./);

    // Next decides before the body is written, so it compressed small answers too: so does the router.
    const small = await request('GET', '/v1/health', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBe('gzip');
    expect(json(gunzipSync(small.body))).toEqual({ status: 'ok' });
    const identity = await request('GET', '/v1/health');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toBe('Accept-Encoding'); // as the middleware adds to any JSON answer
  });

  it('streams a body into the pipeline, with its size limit, and stores nothing from a refused one', async () => {
    const email = `router-${randomUUID()}@example.com`;
    const signUp = { email, password: 'correct horse battery staple', name: 'Router' };
    const created = await request('POST', '/v1/users', { 'content-type': 'application/json' }, JSON.stringify(signUp));
    expect(created.status).toBe(201);
    expect(json(created.body).data.user.email).toBe(email);

    const big = `router-big-${randomUUID()}@example.com`;
    const oversized = JSON.stringify({ ...signUp, email: big, name: 'x'.repeat(2_000_000) });
    const refused = await request('POST', '/v1/users', { 'content-type': 'application/json' }, oversized);
    expect(refused.status).toBe(413);
    expect(json(refused.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    const { db } = await getDatabase();
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(await db.select().from(users).where(eq(users.email, big))).toHaveLength(0);
  });

  it('drains a body it refused unread, so the kept connection serves the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const big = JSON.stringify({ title: 'x'.repeat(2_000_000) });
    const refused = await request('POST', '/v1/tasks', { 'content-type': 'application/json' }, big, agent);
    expect(refused.status).toBe(401); // refused before the body is read: no credentials
    const next = await request('GET', '/v1/health', {}, undefined, agent);
    expect(next).toMatchObject({ status: 200, reusedConnection: true });
    agent.destroy();
  });

  it('gives the handler the TCP peer as the client address, never a copy the client sent', async () => {
    const { parties, task } = await thread();
    const res = await request('GET', `/v1/tasks/${task.id}/messages`, {
      authorization: `Bearer ${parties.agent.token}`,
      [PEER_ADDRESS_HEADER]: '203.0.113.9',
    });
    expect(res.status).toBe(200);
    await flushUsageLog();
    const { db } = await getDatabase();
    const [logged] = await db.select().from(apiRequestLog).where(eq(apiRequestLog.userId, parties.agent.id));
    expect(logged?.ip).toBe('127.0.0.1');
  });

  it('releases a long poll when its client disconnects, and answers it when a message comes', async () => {
    const { parties, task } = await thread();
    const url = `${base}/v1/tasks/${task.id}/messages/await?timeoutSec=30`;
    const left = new AbortController();
    const gone = fetch(url, { headers: { authorization: `Bearer ${parties.agent.token}` }, signal: left.signal });
    await gone; // the status line and the leading byte come at once
    for (let i = 0; i < 50 && heldWaitSlots(parties.agent.id) === 0; i++) await sleep(20);
    expect(heldWaitSlots(parties.agent.id)).toBe(1);
    left.abort();
    for (let i = 0; i < 100 && heldWaitSlots(parties.agent.id) > 0; i++) await sleep(20);
    expect(heldWaitSlots(parties.agent.id)).toBe(0);

    const waiting = await fetch(url, { headers: { authorization: `Bearer ${parties.agent.token}` } });
    expect(waiting.status).toBe(200);
    expect(waiting.headers.get('cache-control')).toBe('no-store, no-transform');
    const sent = await request(
      'POST',
      `/v1/tasks/${task.id}/messages`,
      { authorization: `Bearer ${parties.worker.token}`, 'content-type': 'application/json' },
      JSON.stringify({ body: 'At the door' }),
    );
    expect(sent.status).toBe(201);
    const answer = JSON.parse(await waiting.text());
    expect(answer.data.map((message: { body: string }) => message.body)).toEqual(['At the door']);
  });
});
