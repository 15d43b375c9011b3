// Task benchmarks (part of `npm run bench`), through the production server on a scratch PostgreSQL database:
// 1. authenticated GET /v1/tasks/{id} against bare GET /v1/health, back to back in one run (ratio, target >= 0.75);
// 2. GET /v1/tasks (first page) p50 with 10k tasks and again with 1M (ratio, target <= 1.5). The caller requested
//    every one of them, the worst case for a list: the page must come from an index-ordered scan, not a sort.
import autocannon from 'autocannon';
import pg from 'pg';
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch-database';
import { ensureBuild, seedApiKey, serverUrl, startServer, stopServer, waitForServer } from './bench-server';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = 2;
const PORT = Number(process.env.BENCH_PORT ?? 3902);
const base = `http://127.0.0.1:${PORT}`;
const LIST_SIZES = [10_000, 1_000_000];

ensureBuild();
const databaseUrl = await createScratchDatabase(serverUrl, 'legwork_bench_tasks');
const apiKey = await seedApiKey(databaseUrl, ['tasks:read']);
const auth = { authorization: `Bearer ${apiKey}` };
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const server = startServer(databaseUrl, PORT);
try {
  await waitForServer(base);
  const [owner] = (await client.query<{ id: string }>(`select id from users where email = 'bench@example.com'`)).rows;
  if (!owner) throw new Error('bench user missing');
  await seedTasks(owner.id, 0, LIST_SIZES[0] ?? 0);
  const [task] = (await client.query<{ id: string }>('select id from tasks limit 1')).rows;

  // 1. GET /v1/tasks/{id} vs bare health, alternating slices so a slow patch of the machine weighs on both.
  const targets = [
    { name: 'GET /v1/health', path: '/v1/health', headers: {} },
    { name: 'GET /v1/tasks/{id} (API key)', path: `/v1/tasks/${task?.id}`, headers: auth },
  ];
  for (const target of targets) await run(target.path, target.headers, 3);
  const totals = targets.map(() => ({ requests: 0, seconds: 0, p99: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, target] of targets.entries()) {
      const result = await run(target.path, target.headers, DURATION_S / ROUNDS);
      if (result.non2xx > 0) throw new Error(`${target.name}: ${result.non2xx} non-2xx answers`);
      const total = totals[index];
      if (!total) continue;
      total.requests += result.requests.total;
      total.seconds += result.duration;
      total.p99 = Math.max(total.p99, result.latency.p99);
    }
  }
  const [bare, authed] = totals.map((total) => total.requests / total.seconds) as [number, number];
  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each`);
  console.log(`GET /v1/health                ${bare.toFixed(0)} req/s`);
  console.log(`GET /v1/tasks/{id} (API key)  ${authed.toFixed(0)} req/s, p99 ${totals[1]?.p99} ms`);
  console.log(`ratio ${(authed / bare).toFixed(2)} (target >= 0.75)`);

  // 2. GET /v1/tasks at 10k and 1M tasks.
  const p50s: number[] = [];
  let seeded = LIST_SIZES[0] ?? 0;
  for (const size of LIST_SIZES) {
    if (size > seeded) {
      const started = performance.now();
      await seedTasks(owner.id, seeded, size - seeded);
      seeded = size;
      console.log(
        `\nseeded ${size.toLocaleString('en')} tasks in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    await run('/v1/tasks?limit=20', auth, 3, 10);
    const result = await run('/v1/tasks?limit=20', auth, DURATION_S, 10);
    if (result.non2xx > 0) throw new Error(`GET /v1/tasks: ${result.non2xx} non-2xx answers`);
    p50s.push(result.latency.p50);
    console.log(
      `GET /v1/tasks with ${size.toLocaleString('en')} tasks: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.average} req/s (10 connections)`,
    );
  }
  const [small, large] = p50s as [number, number];
  console.log(`GET /v1/tasks p50 ratio 1M / 10k: ${(large / Math.max(small, 1)).toFixed(2)} (target <= 1.5)`);
} finally {
  await client.end();
  await stopServer(server);
  await dropScratchDatabase(serverUrl, databaseUrl);
}

function run(urlPath: string, headers: Record<string, string>, duration: number, connections = CONNECTIONS) {
  return autocannon({ url: base + urlPath, connections, duration, headers });
}

/** `count` posted test-mode tasks requested by `ownerId`, one INSERT … SELECT, then VACUUM ANALYZE. */
async function seedTasks(ownerId: string, from: number, count: number) {
  await client.query(
    `insert into tasks (requester_id, title, category, budget_cents, platform_fee_cents, total_cents, deadline,
       status, livemode, created_at, updated_at)
     select $1, 'Bench task ' || g, 'photography', 2000, 300, 2300, now() + interval '7 days', 'posted', false,
       now() - (g || ' seconds')::interval, now()
     from generate_series($2::int + 1, $2::int + $3::int) g`,
    [ownerId, from, count],
  );
  await client.query('vacuum analyze tasks');
}
