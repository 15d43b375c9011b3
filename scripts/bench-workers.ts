// `npm run bench:workers`: geo search at scale. Seeds listed workers in a scratch PostgreSQL database (30% within
// 30 km of Paris, the rest anywhere on Earth), measures the search statement's database time (EXPLAIN ANALYZE,
// median of RUNS) at 100k and at 1M rows, then GET /v1/workers?lat&lng&radiusMeters=10000&skills=… end to end
// through the production server at 10 connections.
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch-database';
import { searchWorkersSql } from '../lib/services/workers/search-workers-sql';
import {
  cpuMeter,
  ensureBuild,
  median,
  seedApiKey,
  serverUrl,
  startServer,
  stopServer,
  waitForServer,
} from './bench-server';

const SIZES = [100_000, 1_000_000];
const RUNS = 20;
// Database time = execution + planning, median of RUNS after WARM_UP runs: a prepared statement gets five
// custom plans, then (when its generic plan costs no more) the generic one that the server keeps using.
const WARM_UP = 6;
const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3901);
const base = `http://127.0.0.1:${PORT}`;
const PARIS = { lat: 48.8566, lng: 2.3522 };
const SKILLS = ['delivery', 'photography', 'driving', 'lifting', 'cleaning', 'assembly', 'errands', 'french'];
const QUERY_SKILLS = ['delivery', 'photography'];

ensureBuild();
const databaseUrl = await createScratchDatabase(serverUrl, 'legwork_bench_workers');
try {
  const database = await openDatabase({ driver: 'pg', url: databaseUrl }); // applies the migrations
  await database.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {}); // dropping the database on failure ends it: let the first error be the one shown
  await client.connect();
  const timings: ({ size: number } & Awaited<ReturnType<typeof measure>>)[] = [];
  let seeded = 0;
  for (const size of SIZES) {
    const started = performance.now();
    await seed(client, seeded, size - seeded);
    seeded = size;
    console.log(
      `seeded ${size.toLocaleString('en')} workers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    timings.push({ size, ...(await measure(client)) });
  }
  await client.end();

  console.log('\nsearch statement (radius 10 km around random points within 10 km of central Paris, 2 skills)');
  for (const t of timings) {
    console.log(
      `${t.size.toLocaleString('en').padStart(10)} workers: database time median ${t.medianMs.toFixed(2)} ms ` +
        `(execution ${t.executionMs.toFixed(2)} + planning ${t.planningMs.toFixed(2)}; ` +
        `${t.genericPlan ? 'generic plan' : 'custom plans'}), ${t.buffers} buffers, ${t.rows} rows, ` +
        `worker_profiles_geo_idx ${t.usesIndex ? 'used' : 'NOT used'}`,
    );
  }
  const [small, large] = timings;
  if (small && large) {
    console.log(
      `growth 100k → 1M: ratio ${(large.medianMs / small.medianMs).toFixed(2)} (target <= 1.5); ` +
        `1M median ${large.medianMs.toFixed(2)} ms (target <= 5 ms)`,
    );
  }
  await endToEnd();
} finally {
  await dropScratchDatabase(serverUrl, databaseUrl);
}

// One INSERT … SELECT per table: users first (worker_profiles.user_id references them). The GiST index is
// dropped while seeding and built again after, which is several times faster than maintaining it row by row.
// VACUUM ANALYZE, not just ANALYZE: the candidate scan is index-only, which needs the visibility map that
// autovacuum sets shortly after a bulk insert (PostgreSQL ≥ 13 vacuums insert-only tables too); without it
// the first minutes after seeding would measure a heap fetch per candidate that a live table does not pay.
async function seed(client: pg.Client, from: number, count: number): Promise<void> {
  const indexDefinition = await client.query<{ def: string }>(
    `select pg_get_indexdef('worker_profiles_geo_idx'::regclass) as def`,
  );
  await client.query('drop index worker_profiles_geo_idx');
  await client.query(
    `with new_users as (
       insert into users (email, name)
       select 'worker-' || g || '@bench.example', 'Worker ' || g from generate_series($1::int + 1, $1::int + $2::int) g
       returning id
     ), placed as (
       select id, random() < 0.3 as in_paris, random() as r, random() as theta, random() as u, random() as v
       from new_users
     )
     insert into worker_profiles (user_id, display_name, headline, bio, skills, hourly_rate_cents, lat, lng, city,
       country, is_listed, average_rating, rating_count, verification_tier)
     select id, 'Worker', 'Errands and more', 'Bench worker.',
       array[($3::text[])[1 + floor(random() * 8)::int], ($3::text[])[1 + floor(random() * 8)::int]],
       2000,
       case when in_paris then $4::float8 + 30000 * sqrt(r) * cos(2 * pi() * theta) / 111320
            else degrees(asin(2 * u - 1)) end,
       case when in_paris then $5::float8 + 30000 * sqrt(r) * sin(2 * pi() * theta) / (111320 * cos(radians($4::float8)))
            else 360 * v - 180 end,
       case when in_paris then 'Paris' end, case when in_paris then 'FR' end,
       true,
       case when random() < 0.7 then round((3 + 2 * random())::numeric, 2) end,
       1,
       (random() < 0.5)::int
     from placed`,
    [from, count, SKILLS, PARIS.lat, PARIS.lng],
  );
  await client.query(indexDefinition.rows[0]?.def ?? '');
  await client.query('vacuum analyze users');
  await client.query('vacuum analyze worker_profiles');
}

async function measure(client: pg.Client) {
  const times: number[] = [];
  const executions: number[] = [];
  const planning: number[] = [];
  const buffers: number[] = [];
  let rows = 0;
  let usesIndex = true;
  let genericPlan = true;
  await client.query(
    `prepare search_workers_bench as ${searchWorkersSql(QUERY_SKILLS.length, { minRating: false, atInstant: false })}`,
  );
  for (let run = 0; run < RUNS + WARM_UP; run++) {
    const centre = near(PARIS, 10_000);
    const args = [centre.lat, centre.lng, 10_000, `{${QUERY_SKILLS.join(',')}}`, null, null, 20];
    const literals = args.map((arg) => (arg === null ? 'null' : typeof arg === 'string' ? `'${arg}'` : String(arg)));
    const result = await client.query(
      `explain (analyze, buffers, format json) execute search_workers_bench(${literals.join(', ')})`,
    );
    const [plan] = result.rows[0]['QUERY PLAN'] as {
      'Execution Time': number;
      'Planning Time': number;
      Plan: { 'Actual Rows': number; 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
    }[];
    if (!plan || run < WARM_UP) continue;
    times.push(plan['Execution Time'] + plan['Planning Time']);
    executions.push(plan['Execution Time']);
    planning.push(plan['Planning Time']);
    buffers.push(plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks']);
    const text = JSON.stringify(plan.Plan);
    usesIndex &&= text.includes('worker_profiles_geo_idx');
    genericPlan &&= text.includes('$1');
    rows = plan.Plan['Actual Rows'];
  }
  await client.query('deallocate search_workers_bench');
  return {
    medianMs: median(times),
    executionMs: median(executions),
    planningMs: median(planning),
    buffers: median(buffers),
    rows,
    usesIndex,
    genericPlan,
  };
}

async function endToEnd(): Promise<void> {
  const apiKey = await seedApiKey(databaseUrl, ['workers:read']);
  const server = startServer(databaseUrl, PORT);
  try {
    await waitForServer(base);
    const path = `/v1/workers?lat=${PARIS.lat}&lng=${PARIS.lng}&radiusMeters=10000&skills=${QUERY_SKILLS.join(',')}`;
    const headers = { authorization: `Bearer ${apiKey}` };
    const probe = await fetch(base + path, { headers });
    if (!probe.ok) throw new Error(`GET ${path}: ${probe.status} ${await probe.text()}`);
    await autocannon({ url: base + path, connections: CONNECTIONS, duration: 3, headers });
    const cpu = await cpuMeter(databaseUrl, server.pid);
    const result = await autocannon({ url: base + path, connections: CONNECTIONS, duration: DURATION_S, headers });
    const spent = await cpu.spent();
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    console.log(
      `\nGET ${path} (API key, ${CONNECTIONS} connections, ${DURATION_S} s, 1M workers): ` +
        `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms (target <= 20), ` +
        `p99 ${result.latency.p99} ms (target <= 60)`,
    );
    // Latency on a shared machine depends on what else runs; CPU time per request does much less.
    const perRequest = (ms: number) => (ms / result.requests.total).toFixed(2);
    console.log(
      `CPU per request: Node ${perRequest(spent.node)} ms, PostgreSQL ${perRequest(spent.postgres)} ms ` +
        `(load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores)`,
    );
  } finally {
    await stopServer(server);
  }
}

function near(centre: { lat: number; lng: number }, meters: number) {
  const r = meters * Math.sqrt(Math.random());
  const theta = 2 * Math.PI * Math.random();
  return {
    lat: centre.lat + (r * Math.cos(theta)) / 111_320,
    lng: centre.lng + (r * Math.sin(theta)) / (111_320 * Math.cos((centre.lat * Math.PI) / 180)),
  };
}
