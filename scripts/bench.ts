// `npm run bench:api` (first of `npm run bench`): the /v1 API against the ceiling of one Node process, in one run on
// one scratch PostgreSQL database, with autocannon at 50 connections:
// - a bare `node:http` "hello" process (the reference every row's req/s is divided by);
// - the production server (`npm start`): bare GET /v1/health, API-key GET /v1/operators/me, /v1/tasks/{id} and
//   /v1/tasks, and POST /v1/tasks/{id}/messages round-robin over accepted tasks;
// - plain `next start` on the same database: the routes the targets compare with, as Next serves them;
// - a page through both, which the production server must serve no slower than Next.
// Every row runs ROUNDS slices, the reads alternating (in reverse order every other round), so a slow patch of the
// shared machine weighs on both sides of each ratio. Any non-2xx answer stops the run: it would measure an error path.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch-database';
import { type AcceptedTasks, seedAcceptedTasks } from './bench-accepted-tasks';
import {
  cpuMeter,
  ensureBuild,
  serverUrl,
  startHelloServer,
  startNextOnly,
  startServer,
  stopServer,
  waitForServer,
} from './bench-server';

const CONNECTIONS = 50;
const TASKS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
// BENCH_ROWS=<regex> keeps the rows whose endpoint matches (and the hello reference), e.g. BENCH_ROWS=unsubscribe.
const ONLY = process.env.BENCH_ROWS ? new RegExp(process.env.BENCH_ROWS) : undefined;
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const NEXT_PORT = PORT + 1;
const HELLO_PORT = PORT + 2;
// A page for anyone that reads no session and no database (without a token it says the link is not valid).
const PAGE = '/unsubscribe';

type Side = 'hello' | 'production' | 'next';
const bases: Record<Side, string> = {
  hello: `http://127.0.0.1:${HELLO_PORT}`,
  production: `http://127.0.0.1:${PORT}`,
  next: `http://127.0.0.1:${NEXT_PORT}`,
};
/** `next()` gives the path (and body) of the row's next request; a GET row always gives the same path. */
type Row = {
  key: string;
  side: Side;
  name: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  next: () => { path: string; body?: string };
};
/** `nodeUs`/`postgresUs`: CPU time a request cost the serving process and the database's backends, in µs. */
type Measured = {
  row: Row;
  rps: number;
  rounds: number[];
  p50: number;
  p99: number;
  nodeUs: number;
  postgresUs: number;
};

ensureBuild();
const databaseUrl = await createScratchDatabase(serverUrl, 'legwork_bench_api');
try {
  const seeded = await seedAcceptedTasks(databaseUrl, TASKS, ['tasks:read', 'messages:read', 'messages:write']);
  const loadBefore = loadavg()[0] ?? 0; // the machine's other work, before this bench loads it
  // One secret for both servers, as two instances of one deployment share it.
  const env = { AUTH_SECRET: randomBytes(32).toString('base64') };
  const servers = [
    startHelloServer(HELLO_PORT),
    startServer(databaseUrl, PORT, { env }),
    startNextOnly(databaseUrl, NEXT_PORT, { env }),
  ];
  const pids: Record<Side, number | undefined> = {
    hello: servers[0]?.pid,
    production: servers[1]?.pid,
    next: servers[2]?.pid,
  };
  try {
    await Promise.all(Object.values(bases).map(waitForServer));
    const rows = rowsFor(seeded).filter((row) => row.side === 'hello' || !ONLY || ONLY.test(row.key));
    for (const row of rows) await check(row);
    for (const row of rows) await load(row, WARMUP_S);
    const samples = rows.map(() => ({
      requests: 0,
      seconds: 0,
      rounds: [] as number[],
      p50: [] as number[],
      p99: [] as number[],
      cpu: { node: 0, postgres: 0 },
    }));
    // The reads alternate round by round; the posts come after them all, since every message leaves background
    // work behind (the recipient's notification email) that would weigh on whichever row followed it.
    const reads = [...rows.keys()].filter((index) => rows[index]?.method === 'GET');
    const posts = [...rows.keys()].filter((index) => rows[index]?.method !== 'GET');
    const rounds = Array.from({ length: ROUNDS }, (_, round) => (round % 2 ? [...reads].reverse() : reads));
    for (const order of [...rounds, ...posts.map((index) => Array(ROUNDS).fill(index) as number[])]) {
      for (const index of order) {
        const row = rows[index];
        const sample = samples[index];
        if (!row || !sample) continue;
        const meter = await cpuMeter(databaseUrl, pids[row.side]);
        const result = await load(row, DURATION_S / ROUNDS);
        const spent = await meter.spent();
        sample.cpu.node += spent.node;
        sample.cpu.postgres += spent.postgres;
        sample.requests += result.requests.total;
        sample.seconds += result.duration;
        sample.rounds.push(result.requests.total / result.duration);
        sample.p50.push(result.latency.p50);
        sample.p99.push(result.latency.p99);
      }
    }
    report(
      [loadBefore, loadavg()[0] ?? 0],
      rows.map((row, index) => {
        const sample = samples[index] ?? {
          requests: 0,
          seconds: 1,
          rounds: [],
          p50: [0],
          p99: [0],
          cpu: { node: 0, postgres: 0 },
        };
        const perRequest = (ms: number) => (ms * 1000) / Math.max(sample.requests, 1);
        return {
          row,
          rps: sample.requests / sample.seconds,
          rounds: sample.rounds,
          p50: Math.max(...sample.p50),
          p99: Math.max(...sample.p99),
          nodeUs: perRequest(sample.cpu.node),
          postgresUs: perRequest(sample.cpu.postgres),
        };
      }),
    );
  } finally {
    await Promise.all(servers.map(stopServer));
  }
} finally {
  await dropScratchDatabase(serverUrl, databaseUrl);
}

function rowsFor(seeded: AcceptedTasks): Row[] {
  const agent = { authorization: `Bearer ${seeded.agentKey}` };
  const taskPath = `/v1/tasks/${seeded.taskIds[0]}`;
  const get = (side: Side, key: string, path: string, headers: Record<string, string> = {}): Row => ({
    key,
    side,
    name: side === 'hello' ? 'node:http hello' : `GET ${key}`,
    method: 'GET',
    headers,
    next: () => ({ path }),
  });
  let posted = 0;
  const post: Row = {
    key: 'POST /v1/tasks/{id}/messages',
    side: 'production',
    name: 'POST /v1/tasks/{id}/messages',
    method: 'POST',
    headers: { authorization: `Bearer ${seeded.workerKey}`, 'content-type': 'application/json' },
    next: () => {
      posted += 1;
      const taskId = seeded.taskIds[posted % seeded.taskIds.length];
      return { path: `/v1/tasks/${taskId}/messages`, body: JSON.stringify({ body: `Update ${posted}` }) };
    },
  };
  return [
    get('hello', 'hello', '/'),
    get('production', '/v1/health', '/v1/health'),
    get('next', '/v1/health', '/v1/health'),
    get('production', '/v1/operators/me', '/v1/operators/me', agent),
    get('next', '/v1/operators/me', '/v1/operators/me', agent),
    get('production', '/v1/tasks/{id}', taskPath, agent),
    get('next', '/v1/tasks/{id}', taskPath, agent),
    get('production', '/v1/tasks', '/v1/tasks', agent),
    post,
    get('production', PAGE, PAGE),
    get('next', PAGE, PAGE),
  ];
}

/** One request of the row by hand first: a wrong seed or route shows its answer instead of a fast error path. */
async function check(row: Row): Promise<void> {
  const { path, body } = row.next();
  const response = await fetch(bases[row.side] + path, { method: row.method, headers: row.headers, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${row.side} ${row.method} ${path}: ${response.status} ${text.slice(0, 500)}`);
}

async function load(row: Row, duration: number): Promise<autocannon.Result> {
  // A GET's request is built once and resent; a POST's is built per request (a new task and body each time).
  const options: autocannon.Options =
    row.method === 'GET'
      ? { url: bases[row.side] + row.next().path }
      : {
          url: bases[row.side],
          requests: [{ method: row.method, setupRequest: (request) => ({ ...request, ...row.next() }) }],
        };
  const result = await autocannon({ ...options, headers: row.headers, connections: CONNECTIONS, duration });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(
      `${row.side} ${row.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return result;
}

function report(load: number[], results: Measured[]): void {
  const cpu = (r: Measured) => `${r.nodeUs.toFixed(0).padStart(5)} + ${r.postgresUs.toFixed(0).padStart(4)}`;
  const hello = results.find((r) => r.row.side === 'hello');
  const find = (side: Side, key: string) => results.find((r) => r.row.side === side && r.row.key === key);
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_S} s per row in ${ROUNDS} interleaved rounds after a ${WARMUP_S} s ` +
      `warm-up; latency: the worst round; PostgreSQL ${databaseUrl.replace(/\/\/.*@/, '//…@')}; load average ` +
      `(1 min) ${load.map((value) => value.toFixed(1)).join(' before the servers started, ')} at the end\n`,
  );
  console.log(
    `${'server'.padEnd(10)} ${'endpoint'.padEnd(30)} ${'req/s'.padStart(7)}   p50 ms   p99 ms   ÷ hello` +
      '   CPU µs/req: node + postgres   req/s by round',
  );
  for (const r of results) {
    const ratio = hello ? (r.rps / hello.rps).toFixed(3) : '-';
    console.log(
      `${r.row.side.padEnd(10)} ${r.row.name.padEnd(30)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ` +
        `${String(r.p99).padStart(8)} ${ratio.padStart(9)}   ${cpu(r).padEnd(28)}   ` +
        r.rounds.map((rps) => rps.toFixed(0)).join(' / '),
    );
  }
  const me = find('production', '/v1/operators/me');
  const task = find('production', '/v1/tasks/{id}');
  const post = find('production', 'POST /v1/tasks/{id}/messages');
  const page = find('production', PAGE);
  const speedup = (r: Measured | undefined) => (r ? r.rps / (find('next', r.row.key)?.rps ?? Number.NaN) : Number.NaN);
  const targets: [string, boolean, Measured | undefined][] = [
    [`GET /v1/operators/me production ÷ Next ${speedup(me).toFixed(2)}× (target ≥ 5×)`, speedup(me) >= 5, me],
    [`GET /v1/operators/me p50 ${me?.p50} ms (target ≤ 5 ms)`, (me?.p50 ?? Number.POSITIVE_INFINITY) <= 5, me],
    [`GET /v1/operators/me p99 ${me?.p99} ms (target ≤ 25 ms)`, (me?.p99 ?? Number.POSITIVE_INFINITY) <= 25, me],
    [`GET /v1/tasks/{id} production ÷ Next ${speedup(task).toFixed(2)}× (target ≥ 4×)`, speedup(task) >= 4, task],
    [`POST /v1/tasks/{id}/messages ${post?.rps.toFixed(0)} req/s (target ≥ 3,000)`, (post?.rps ?? 0) >= 3_000, post],
    [
      `POST /v1/tasks/{id}/messages p99 ${post?.p99} ms (target ≤ 50 ms)`,
      (post?.p99 ?? Number.POSITIVE_INFINITY) <= 50,
      post,
    ],
    [`GET ${PAGE} production ÷ Next ${speedup(page).toFixed(2)}× (target ≥ 0.9×)`, speedup(page) >= 0.9, page],
  ];
  console.log('');
  for (const [line, met, row] of targets) if (row) console.log(`${met ? 'PASS' : 'MISS'}  ${line}`);
}
