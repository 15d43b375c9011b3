import { EventEmitter } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { taskMessages } from '@/db/schema';
import { heldWaitSlots } from '@/lib/realtime/wait-slots';
import { ApiRouter } from '@/lib/router/api-router';
import { mainListener } from '@/lib/router/main-listener';
import { envelope } from '@/test/expect';
import { thread } from '@/test/messages';
import { resumeWaiters } from '../realtime/hub';
import { setDraining } from './draining';
import { onShutdownSignals, shutDownGracefully } from './graceful-shutdown';
import { ServerDrain } from './server-drain';
import { SERVER_TIMEOUTS } from './server-timeouts';

// A shutdown as server.ts runs it, on a real socket with the real API router: a parked long poll answers its empty
// page at once, a POST in flight completes and is stored, a request that arrives on an open connection while
// draining gets health's 503 and `Connection: close`, and no new connection is accepted.

const HOST = 'legwork.test';
let router: ApiRouter;

beforeAll(async () => {
  router = await ApiRouter.load(path.resolve('app/v1'), { hostname: '127.0.0.1' });
}, 60_000);

afterAll(() => {
  setDraining(false);
  resumeWaiters();
});

async function serve() {
  const server = http.createServer(SERVER_TIMEOUTS);
  const drain = new ServerDrain(server);
  const next = (_req: http.IncomingMessage, res: http.ServerResponse) => void res.writeHead(404).end();
  server.on('request', drain.listener(mainListener({ api: router, next, hosts: new Set([HOST]) })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, drain, port: (server.address() as AddressInfo).port };
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request through a keep-alive agent; `hold` keeps the last part of the body back until it resolves. */
function request(
  port: number,
  agent: http.Agent,
  options: { method: string; path: string; token: string; body?: string; hold?: Promise<unknown> },
) {
  return new Promise<Answer>((resolve, reject) => {
    const body = options.body ?? '';
    const req = http.request({
      host: '127.0.0.1',
      port,
      agent,
      method: options.method,
      path: options.path,
      headers: {
        host: HOST,
        authorization: `Bearer ${options.token}`,
        ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    if (!options.hold) return void req.end(body);
    req.write(body.slice(0, 5));
    void options.hold.then(() => req.end(body.slice(5)));
  });
}

/**
 * A request written on a raw connection up to `first` (`written` resolves then), the rest once `hold` resolves;
 * `answer` is the whole answer as text.
 */
function rawRequest(port: number, first: string, rest: string, hold: Promise<unknown>) {
  let written = (_: unknown) => {};
  const answer = new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(first, written));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve(Buffer.concat(chunks).toString()));
    void hold.then(() => socket.write(rest));
  });
  return { answer, written: new Promise((resolve) => (written = resolve)) };
}

/** A chunked body's data. */
function dechunk(body: string): string {
  let data = '';
  for (let at = 0; ; ) {
    const end = body.indexOf('\r\n', at);
    const size = Number.parseInt(body.slice(at, end), 16);
    if (!size) return data;
    data += body.slice(end + 2, end + 2 + size);
    at = end + 2 + size + 2;
  }
}

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(!socket.destroy()));
    socket.on('error', () => resolve(false));
  });

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

describe('a graceful shutdown', () => {
  it('answers a parked long poll at once, lets a POST in flight finish, and refuses new connections', async () => {
    const { server, drain, port } = await serve();
    const { parties, task } = await thread();
    const agent = new http.Agent({ keepAlive: true });
    let startDraining = () => {};
    const draining = new Promise<void>((resolve) => {
      startDraining = resolve;
    });

    const poll = request(port, agent, {
      method: 'GET',
      path: `/v1/tasks/${task.id}/messages/await?timeoutSec=30`,
      token: parties.agent.token,
    });
    await until(() => heldWaitSlots(parties.agent.id) === 1);
    const post = request(port, agent, {
      method: 'POST',
      path: `/v1/tasks/${task.id}/messages`,
      token: parties.worker.token,
      body: JSON.stringify({ body: 'on my way' }),
      hold: draining,
    });
    // Its headers are not all sent: the connection is open and busy, and the request reaches the server draining.
    const health = rawRequest(port, `GET /v1/health HTTP/1.1\r\nHost: ${HOST}\r\n`, '\r\n', draining);
    await health.written;
    await until(() => drain.inFlight === 2);

    const steps: string[] = [];
    const started = Date.now();
    const shutDown = shutDownGracefully({
      servers: [drain],
      graceMs: 10_000,
      stopJobs: async (deadline) => void steps.push(`jobs until +${Math.round((deadline - started) / 1000)} s`),
      finally: [{ name: 'close', run: async () => void steps.push('close') }],
    });
    const polled = await poll;
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(polled.status).toBe(200);
    expect(JSON.parse(polled.body)).toEqual({ data: [] });
    expect(await connects(port)).toBe(false);
    startDraining();

    const posted = await post;
    expect(posted.status, posted.body).toBe(201);
    expect(posted.headers.connection).toBe('close');
    const { db } = await getDatabase();
    const stored = await db.select().from(taskMessages).where(eq(taskMessages.taskId, task.id));
    expect(stored.map((message) => message.body)).toEqual(['on my way']);
    expect(JSON.parse(posted.body).data.id).toBe(stored[0]?.id);

    const [head = '', body = ''] = (await health.answer).split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(dechunk(body))).toEqual(
      envelope('SERVICE_UNAVAILABLE', {
        message: 'This instance is shutting down',
        hint: 'Send requests to another instance; this one is finishing the requests it has.',
      }),
    );

    await shutDown;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(steps).toEqual(['jobs until +10 s', 'close']);
    expect(server.listening).toBe(false);
    agent.destroy();
    setDraining(false);
    resumeWaiters();
  });

  it('closes what is still open when the grace period runs out', async () => {
    const { drain, port } = await serve();
    const { parties, task } = await thread();
    const never = new Promise<void>(() => {});
    const stuck = request(port, new http.Agent(), {
      method: 'POST',
      path: `/v1/tasks/${task.id}/messages`,
      token: parties.worker.token,
      body: JSON.stringify({ body: 'never finished' }),
      hold: never,
    }).catch((error: Error) => error.message);
    await until(() => drain.inFlight === 1);
    const started = Date.now();
    await shutDownGracefully({ servers: [drain], graceMs: 300 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await stuck).toBe('socket hang up');
    setDraining(false);
    resumeWaiters();
  });
});

describe('the shutdown signals', () => {
  it('run the shutdown once and exit 0; a second signal exits at once with 1', async () => {
    const signals = new EventEmitter();
    const exits: number[] = [];
    let finish = () => {};
    let runs = 0;
    const remove = onShutdownSignals(
      () => {
        runs += 1;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      { exit: (code) => void exits.push(code), signals },
    );
    signals.emit('SIGTERM', 'SIGTERM');
    expect(runs).toBe(1);
    expect(exits).toEqual([]);
    signals.emit('SIGINT', 'SIGINT');
    expect(exits).toEqual([1]);
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(exits).toEqual([1, 0]);
    expect(runs).toBe(1);
    remove();
    expect(signals.listenerCount('SIGTERM')).toBe(0);
  });
});
