import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';

// The signals of a real process (test/shutdown-child.ts, wired as server.ts is): SIGTERM answers the parked long
// poll at once, lets the POST in flight finish, and exits 0 well within the grace period; one stuck request holds
// the exit to the grace period and no more; a second signal exits at once.

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

async function start(graceSeconds: number, command = [process.execPath, '--import', 'tsx', 'test/shutdown-child.ts']) {
  const [file = '', ...args] = command;
  const child = spawn(file, args, {
    env: { ...process.env, SHUTDOWN_GRACE_SECONDS: String(graceSeconds), LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  let output = '';
  for await (const chunk of child.stdout ?? []) {
    output += chunk;
    const port = /ready (\d+)/.exec(output)?.[1];
    if (port) return { child, port: Number(port), exited };
  }
  throw new Error(`the child never listened: ${output}`);
}

type Answer = { status: number; connection?: string; body: string };

/** A request through a keep-alive agent; with `hold`, the last byte of the body waits for it. */
function send(port: number, method: string, path: string, hold?: Promise<unknown>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = method === 'POST' ? '{"body":"on my way"}' : '';
    const req = http.request({
      host: '127.0.0.1',
      port,
      method,
      path,
      agent: new http.Agent({ keepAlive: true }),
      headers: body ? { 'content-length': String(body.length) } : {},
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
    });
    if (!hold) return void req.end(body);
    req.write(body.slice(0, -1));
    void hold.then(() => req.end(body.slice(-1)));
  });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('a server process on SIGTERM', () => {
  it('answers the parked poll at once, finishes the POST in flight, and exits 0', async () => {
    const { child, port, exited } = await start(5);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const poll = send(port, 'GET', '/wait');
    const post = send(port, 'POST', '/echo', held);
    await tick();
    const signalled = Date.now();
    child.kill('SIGTERM');
    expect(await poll).toEqual({ status: 200, connection: 'keep-alive', body: '{"data":[]}' });
    expect(Date.now() - signalled).toBeLessThan(1_000);
    release();
    expect(await post).toEqual({ status: 201, connection: 'close', body: '{"data":{"bytes":20}}' });
    expect(await exited).toEqual([0, null]);
    expect(Date.now() - signalled).toBeLessThan(2_000);
  }, 20_000);

  it('closes a stuck request when the grace period runs out, and still exits 0 within it plus 2 s', async () => {
    const { child, port, exited } = await start(1);
    const stuck = send(port, 'POST', '/echo', new Promise(() => {})).catch((error: Error) => error.message);
    await tick();
    const signalled = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(900);
    expect(Date.now() - signalled).toBeLessThan(3_000);
    expect(await stuck).toBe('socket hang up');
  }, 20_000);

  it('exits at once, with 1, on a second signal', async () => {
    const { child, port, exited } = await start(20);
    void send(port, 'POST', '/echo', new Promise(() => {})).catch(() => {});
    await tick();
    child.kill('SIGTERM');
    await tick();
    const again = Date.now();
    child.kill('SIGINT');
    expect(await exited).toEqual([1, null]);
    expect(Date.now() - again).toBeLessThan(1_000);
  }, 20_000);

  // npm runs a script through `sh -c`, and npm forwards the signal to that shell: unless the script execs node, the
  // shell dies of the signal and node, orphaned, never hears it (no drain on a deploy).
  it.each(['start', 'worker'])(
    '`npm run %s` hands the signal to node: its script execs it',
    async (name) => {
      const scripts: Record<string, string> = JSON.parse(readFileSync('package.json', 'utf8')).scripts;
      const script = scripts[name]?.replace(/(server|scripts\/worker)\.ts/, 'test/shutdown-child.ts') ?? '';
      const { child, exited } = await start(5, ['sh', '-c', script]);
      await tick();
      child.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
    },
    20_000,
  );
});
