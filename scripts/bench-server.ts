// Shared by the benchmarks: the production build, a server started exactly as `npm start` runs, and an API key.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { openDatabase } from '../db/client';
import { apiKeys, users } from '../db/schema';
import { generateApiKey } from '../lib/auth/api-key-format';

// The local PostgreSQL through its Unix socket when there is one, as a server on the same host should reach it:
// on this VM a loopback TCP round trip costs the server several times the CPU of a socket one (a profile of the
// geo search showed 19% of the server's CPU in `writev` to the database over TCP). BENCH_DATABASE_SERVER_URL
// picks another (e.g. postgres://postgres@127.0.0.1:5432/postgres for TCP).
const SOCKET_DIR = '/var/run/postgresql';
export const serverUrl =
  process.env.BENCH_DATABASE_SERVER_URL ??
  (existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`)
    ? `postgres://postgres@localhost/postgres?host=${SOCKET_DIR}`
    : 'postgres://postgres@127.0.0.1:5432/postgres');

/** Builds unless a build exists (BENCH_REBUILD=1 forces one). */
export function ensureBuild(): void {
  if (existsSync('.next/BUILD_ID') && !process.env.BENCH_REBUILD) return;
  console.log('building…');
  const build = spawnSync('npx next build --turbopack', { shell: true, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** A user with a live API key that the rate limit never stops; returns the raw key. */
export async function seedApiKey(url: string, scopes?: string[]): Promise<string> {
  const database = await openDatabase({ driver: 'pg', url });
  const [user] = await database.db.insert(users).values({ email: 'bench@example.com', name: 'Bench' }).returning();
  const key = generateApiKey('live');
  await database.db.insert(apiKeys).values({
    userId: user?.id ?? '',
    name: 'bench',
    keyHash: key.keyHash,
    keyPrefix: key.keyPrefix,
    keySuffix: key.keySuffix,
    ...(scopes ? { scopes } : {}),
    rateLimitPerMinute: 1_000_000_000,
  });
  await database.close();
  return key.key;
}

// Exactly what `npm start` runs (node flags included), with a port and the bench database.
export function startServer(
  url: string,
  port: number,
  options: { inspectPort?: number; env?: Record<string, string> } = {},
): ChildProcess {
  const args = npmStartArgs();
  // BENCH_NODE_FLAGS reaches node's own command line, for flags NODE_OPTIONS refuses (e.g. --cpu-prof).
  const flags = process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  if (options.inspectPort) flags.push(`--inspect=127.0.0.1:${options.inspectPort}`);
  return spawn(process.execPath, [...flags, ...args, '-p', String(port), '-H', '127.0.0.1'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: serverEnv(url, port, options.env),
  });
}

/**
 * Plain `next start` (Next serves every route, `server.ts` is not involved) with the environment and node flags of
 * `startServer`: the baseline the production server's own paths are compared with.
 */
export function startNextOnly(url: string, port: number, options: { env?: Record<string, string> } = {}) {
  const next = path.join('node_modules', 'next', 'dist', 'bin', 'next');
  return spawn(process.execPath, [...nodeFlags(), next, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: serverEnv(url, port, options.env),
  });
}

/** A bare `node:http` server answering every request with a small JSON body: the ceiling of one Node process. */
export function startHelloServer(port: number): ChildProcess {
  const program = `const body = JSON.stringify({ status: 'ok' });
require('node:http')
  .createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(process.env.HELLO_PORT), '127.0.0.1');`;
  return spawn(process.execPath, [...nodeFlags(), '-e', program], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, HELLO_PORT: String(port) },
  });
}

/** The arguments `npm start` gives node (flags, then the server script). */
function npmStartArgs(): string[] {
  const start: string = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
  // `exec` hands npm's signals to node (docs/operations.md "Deploying"); spawned directly, node is the process.
  const [command, ...args] = start.replace(/^exec\s+/, '').split(/\s+/);
  if (command !== 'node') throw new Error(`expected "npm start" to run node directly, got: ${start}`);
  return args;
}

/** The node flags of `npm start` that tune the runtime (e.g. the young generation's size), not its loaders. */
function nodeFlags(): string[] {
  const args = npmStartArgs();
  return args.filter((arg, i) => arg.startsWith('--') && arg !== '--import' && args[i - 1] !== '--import');
}

function serverEnv(url: string, port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // The host the benchmarks call it by: server.ts answers any other Host 421.
    SITE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'legwork-bench-')),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${process.env.BENCH_NODE_OPTIONS ?? ''}`.trim(),
    ...extra,
  };
}

export async function waitForServer(base: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      const response = await fetch(`${base}/v1/health/deep`);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not become healthy');
}

export function stopServer(server: ChildProcess): Promise<unknown> {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve(server.exitCode);
    server.once('exit', resolve);
    server.kill('SIGTERM');
  });
}

/** A DevTools protocol session with the server's inspector (started with `inspectPort`). */
async function openInspector(inspectPort: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  if (!target) throw new Error('no inspector target');
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let next = 0;
  const call = <T = Record<string, unknown>>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const id = ++next;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data));
        if (message.id !== id) return;
        socket.off('message', onMessage);
        resolve(message.result ?? {});
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { call, close: () => socket.close() };
}

/**
 * The server's live heap in bytes after a full garbage collection, through its inspector: what the objects alive
 * at this moment occupy, free of the collector's timing, unlike RSS.
 */
export async function liveHeapBytes(inspectPort: number): Promise<number> {
  const inspector = await openInspector(inspectPort);
  await inspector.call('HeapProfiler.collectGarbage');
  const { usedSize } = await inspector.call<{ usedSize?: number }>('Runtime.getHeapUsage');
  inspector.close();
  return usedSize ?? Number.NaN;
}

/** Starts the server's CPU profiler; `stop()` writes the profile (open it in Chrome DevTools) to `file`. */
export async function profileServer(inspectPort: number, file: string) {
  const inspector = await openInspector(inspectPort);
  await inspector.call('Profiler.enable');
  await inspector.call('Profiler.setSamplingInterval', { interval: 100 });
  await inspector.call('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await inspector.call<{ profile: unknown }>('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      inspector.close();
    },
  };
}

// CPU time (user + system, from /proc on Linux; zeros elsewhere) of the server process and of the bench
// database's PostgreSQL backends, between now and spent().
export async function cpuMeter(databaseUrl: string, serverPid: number | undefined) {
  const ticks = (pid: number | undefined) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
    } catch {
      return 0;
    }
  };
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const backends = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  await admin.end();
  const startTicks = new Map(backends.rows.map((row) => [row.pid, ticks(row.pid)]));
  // A backend that exited meanwhile (an idle pool connection closed) reads 0: it counts nothing, not minus its past.
  const postgres = () => [...startTicks].reduce((sum, [pid, before]) => sum + Math.max(0, ticks(pid) - before), 0);
  const startNode = ticks(serverPid);
  return {
    spent: async () => ({ node: ticks(serverPid) - startNode, postgres: postgres() }),
  };
}

/** The median of some measurements (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
