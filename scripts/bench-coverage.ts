// `npm run bench:coverage`: the coverage quote at scale. Seeds a scratch PostgreSQL database with listed workers
// and past tasks (15% within 30 km of each of four cities, the rest anywhere on Earth), at 100k and at 1M of
// each, and measures at both sizes:
// 1. the statement's database time (EXPLAIN (ANALYZE, TIMING OFF) of the prepared statement, execution + planning,
//    median of RUNS after WARM_UP; per-node timing would add a clock read per row and node, which on this VM
//    doubles the figure), and the ratio 1M / 100k (target <= 1.5);
// 2. GET /v1/geo/coverage end to end through the route handler (a real Request in, the Response read back: the
//    whole pipeline with an API key, in this process), REQUESTS one after another: p50 (target <= 20 ms) and p99.
// Every quote is 10 km around a random point within 10 km of a random city's centre, with 2 skills and a category.
import pg from 'pg';
import { GET } from '../app/v1/geo/coverage/route';
import { openDatabase, setDatabase } from '../db/client';
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch-database';
import { flushUsageLog } from '../lib/api/usage-log';
import { coverageSql } from '../lib/services/coverage/coverage-sql';
import { TASK_CATEGORIES } from '../lib/tasks/task-rules';
import { median, seedApiKey, serverUrl } from './bench-server';

const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const RUNS = 30;
const WARM_UP = 6; // five custom plans, then the generic one the connection keeps
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CITIES = [
  { name: 'Paris', lat: 48.8566, lng: 2.3522 },
  { name: 'New York', lat: 40.7128, lng: -74.006 },
  { name: 'Berlin', lat: 52.52, lng: 13.405 },
  { name: 'Tokyo', lat: 35.6762, lng: 139.6503 },
];
const CITY_SHARE = 0.15;
const WORKER_SKILLS = ['delivery', 'photography', 'car', 'english', 'french', 'assembly', 'errands', 'pets'];
const QUERY_SKILLS = ['delivery', 'car'];
const CATEGORIES = [...TASK_CATEGORIES];

type Measured = Awaited<ReturnType<typeof measureStatement>> & Awaited<ReturnType<typeof measureEndToEnd>>;

const databaseUrl = await createScratchDatabase(serverUrl, 'legwork_bench_coverage');
try {
  const database = await openDatabase({ driver: 'pg', url: databaseUrl }); // applies the migrations
  setDatabase(database);
  const apiKey = await seedApiKey(databaseUrl, ['workers:read']);
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {}); // dropping the database on failure ends it: let the first error be the one shown
  await client.connect();
  const results: ({ size: number } & Measured)[] = [];
  let seeded = 0;
  for (const size of SIZES) {
    const started = performance.now();
    await seed(client, seeded, size - seeded);
    seeded = size;
    console.log(
      `seeded ${size.toLocaleString('en')} listed workers and ${size.toLocaleString('en')} past tasks in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    results.push({ size, ...(await measureStatement(client)), ...(await measureEndToEnd(apiKey)) });
  }
  await client.end();
  await flushUsageLog();
  await database.close();
  setDatabase(undefined);

  console.log(
    '\ncoverage quote (10 km around random points within 10 km of Paris, New York, Berlin, Tokyo; 2 skills, a category)',
  );
  for (const r of results) {
    console.log(
      `${r.size.toLocaleString('en').padStart(10)} each: database time median ${r.medianMs.toFixed(2)} ms ` +
        `(execution ${r.executionMs.toFixed(2)} + planning ${r.planningMs.toFixed(2)}; ` +
        `${r.genericPlan ? 'generic plan' : 'custom plans'}), ${r.buffers} buffers, ` +
        `median quote ${r.listed} workers / ${r.sample} tasks, indexes ${r.usesIndexes ? 'used' : 'NOT used'}; ` +
        `GET /v1/geo/coverage p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms`,
    );
  }
  const [small, large] = results;
  if (small && large) {
    console.log(
      `growth ${small.size.toLocaleString('en')} → ${large.size.toLocaleString('en')}: database time ratio ` +
        `${(large.medianMs / small.medianMs).toFixed(2)} (target <= 1.5), end-to-end p50 ratio ` +
        `${(large.p50 / small.p50).toFixed(2)}; p50 at ${large.size.toLocaleString('en')} ${large.p50.toFixed(2)} ms ` +
        '(target <= 20 ms)',
    );
  }
} finally {
  // BENCH_KEEP=1 leaves the seeded database for a look at its plans (psql); its URL is printed.
  if (process.env.BENCH_KEEP) console.log(`kept ${databaseUrl}`);
  else await dropScratchDatabase(serverUrl, databaseUrl);
}

// One INSERT … SELECT per table, as the other benches seed. Both GiST indexes are dropped while seeding and built
// again after (several times faster than row by row); VACUUM ANALYZE sets the visibility map the index-only
// scans need (a live table gets it from autovacuum).
async function seed(client: pg.Client, from: number, count: number): Promise<void> {
  const indexes = ['worker_profiles_geo_idx', 'tasks_coverage_idx'];
  const definitions: string[] = [];
  for (const index of indexes) {
    const { rows } = await client.query<{ def: string }>(`select pg_get_indexdef($1::regclass) as def`, [index]);
    definitions.push(rows[0]?.def ?? '');
    await client.query(`drop index ${index}`);
  }
  const cities = { lats: CITIES.map((c) => c.lat), lngs: CITIES.map((c) => c.lng) };
  // A position: with probability 4 × CITY_SHARE within 30 km of one of the cities (uniform over the disc), else
  // uniform over the sphere, from the random values of `placed` (p) and the cities' coordinates ($4, $5).
  const position = `case when p.city <= 4 then ($4::float8[])[p.city] + 30000 * sqrt(p.r) * cos(2 * pi() * p.theta) / 111320
         else degrees(asin(2 * p.u - 1)) end as lat,
       case when p.city <= 4 then ($5::float8[])[p.city]
           + 30000 * sqrt(p.r) * sin(2 * pi() * p.theta) / (111320 * cos(radians(($4::float8[])[p.city])))
         else 360 * p.v - 180 end as lng`;
  const placed = `1 + floor(random() / ${CITY_SHARE})::int as city, random() as r, random() as theta,
       random() as u, random() as v`;
  // A fifth of the new workers keep a weekly window: one weekday, 9:00 to 17:00 in Paris time.
  await client.query(
    `with new_users as (
       insert into users (email, name)
       select 'worker-' || g || '@bench.example', 'Worker ' || g from generate_series($1::int + 1, $1::int + $2::int) g
       returning id
     ), p as (select id, ${placed} from new_users), workers as (
       insert into worker_profiles (user_id, display_name, skills, lat, lng, is_listed, is_available)
       select id, 'Worker',
         array[($3::text[])[1 + floor(random() * 8)::int], ($3::text[])[1 + floor(random() * 8)::int]],
         lat, lng, true, random() < 0.8
       from (select p.id, ${position} from p) positioned
       returning id
     )
     insert into worker_availability_rules (worker_id, day_of_week, start_minute, end_minute, time_zone)
     select id, floor(random() * 7)::int, 540, 1020, 'Europe/Paris' from workers where random() < 0.2`,
    [from, count, WORKER_SKILLS, cities.lats, cities.lngs],
  );
  // Past tasks over the last 365 days: 85% accepted after 1 to 180 minutes (skewed short), of those 75%
  // completed, 10% still accepted, 15% cancelled; the rest expired unaccepted; 5% remote.
  const [requester] = (await client.query<{ id: string }>(`select id from users where email = 'bench@example.com'`))
    .rows;
  await client.query(
    `with p as (select ${placed}, random() as accepted, random() as outcome, random() as age, random() as remote
       from generate_series(1, $1::int) g),
     t as (
       select p.*, ${position}, now() - p.age * interval '365 days' as published
       from p
     )
     insert into tasks (requester_id, title, category, lat, lng, budget_cents, platform_fee_cents, total_cents,
       deadline, status, livemode, published_at, accepted_at, completed_at)
     select $2::uuid, 'Past task', ($3::text[])[1 + floor(random() * ${CATEGORIES.length})::int],
       case when t.remote < 0.05 then null else t.lat end, case when t.remote < 0.05 then null else t.lng end,
       b.budget, round(b.budget * 0.15), b.budget + round(b.budget * 0.15),
       t.published + interval '2 days',
       (case when t.accepted >= 0.85 then 'expired' when t.outcome < 0.75 then 'completed'
             when t.outcome < 0.85 then 'accepted' else 'cancelled' end)::task_status,
       true, t.published,
       case when t.accepted < 0.85 then t.published + (1 + 179 * power(random(), 2)) * interval '1 minute' end,
       case when t.accepted < 0.85 and t.outcome < 0.75 then t.published + interval '1 day' end
     from t, lateral (select (500 + floor(random() * 95) * 100)::int as budget) b`,
    [count, requester?.id, CATEGORIES, cities.lats, cities.lngs],
  );
  for (const definition of definitions) await client.query(definition);
  for (const table of ['users', 'worker_profiles', 'worker_availability_rules', 'tasks']) {
    await client.query(`vacuum analyze ${table}`);
  }
}

/** A random quote: 10 km around a point within 10 km of a random city, 2 skills, a random category. */
function randomQuote() {
  const city = CITIES[Math.floor(Math.random() * CITIES.length)] ?? CITIES[0];
  const r = 10_000 * Math.sqrt(Math.random());
  const theta = 2 * Math.PI * Math.random();
  const lat = (city?.lat ?? 0) + (r * Math.cos(theta)) / 111_320;
  const lng = (city?.lng ?? 0) + (r * Math.sin(theta)) / (111_320 * Math.cos(((city?.lat ?? 0) * Math.PI) / 180));
  const category = CATEGORIES[Math.floor(Math.random() * CATEGORIES.length)] ?? 'other';
  return { lat, lng, radiusMeters: 10_000, skills: QUERY_SKILLS, category };
}

async function measureStatement(client: pg.Client) {
  const times: number[] = [];
  const executions: number[] = [];
  const planning: number[] = [];
  const buffers: number[] = [];
  const listed: number[] = [];
  const sample: number[] = [];
  let usesIndexes = true;
  let genericPlan = true;
  await client.query(`prepare coverage_bench as ${coverageSql}`);
  for (let run = 0; run < RUNS + WARM_UP; run++) {
    const quote = randomQuote();
    const now = new Date();
    const since = new Date(now.getTime() - 90 * 24 * 3600 * 1000);
    const literals = [
      quote.lat,
      quote.lng,
      quote.radiusMeters,
      `'{${quote.skills.join(',')}}'`,
      `'${quote.category}'`,
      `'${now.toISOString()}'`,
      `'${since.toISOString()}'`,
    ];
    const result = await client.query(
      `explain (analyze, buffers, timing off, format json) execute coverage_bench(${literals.join(', ')})`,
    );
    const [plan] = result.rows[0]['QUERY PLAN'] as {
      'Execution Time': number;
      'Planning Time': number;
      Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number };
    }[];
    const row = await client.query<{ listed: number; sample_size: number }>(
      `execute coverage_bench(${literals.join(', ')})`,
    );
    if (!plan || run < WARM_UP) continue;
    times.push(plan['Execution Time'] + plan['Planning Time']);
    executions.push(plan['Execution Time']);
    planning.push(plan['Planning Time']);
    buffers.push(plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks']);
    listed.push(Number(row.rows[0]?.listed ?? 0));
    sample.push(Number(row.rows[0]?.sample_size ?? 0));
    const text = JSON.stringify(plan.Plan);
    usesIndexes &&= text.includes('worker_profiles_geo_idx') && text.includes('tasks_coverage_idx');
    genericPlan &&= text.includes('$1');
    if (process.env.BENCH_EXPLAIN && run === RUNS + WARM_UP - 1) {
      const textPlan = await client.query(`explain (analyze, buffers) execute coverage_bench(${literals.join(', ')})`);
      console.log(textPlan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
  }
  await client.query('deallocate coverage_bench');
  return {
    medianMs: median(times),
    executionMs: median(executions),
    planningMs: median(planning),
    buffers: median(buffers),
    listed: median(listed),
    sample: median(sample),
    usesIndexes,
    genericPlan,
  };
}

async function measureEndToEnd(apiKey: string) {
  const latencies: number[] = [];
  for (let i = 0; i < REQUESTS + 20; i++) {
    const quote = randomQuote();
    const url = new URL('http://127.0.0.1/v1/geo/coverage');
    url.searchParams.set('lat', String(quote.lat));
    url.searchParams.set('lng', String(quote.lng));
    url.searchParams.set('radiusMeters', String(quote.radiusMeters));
    url.searchParams.set('skills', quote.skills.join(','));
    url.searchParams.set('category', quote.category);
    const started = performance.now();
    const response = await GET(new Request(url, { headers: { authorization: `Bearer ${apiKey}` } }), {
      params: Promise.resolve({}),
    });
    const body = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${body}`);
    if (i >= 20) latencies.push(elapsed); // the first ones warm the pool, the statement and the key cache
  }
  latencies.sort((a, b) => a - b);
  return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
