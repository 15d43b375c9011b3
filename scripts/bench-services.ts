// `npm run bench:services`: service search at scale. Seeds listed workers with one active service each in a
// scratch PostgreSQL database (30% centred within 30 km of Paris, radius 1–20 km; the rest anywhere on Earth; one
// in ten remote), measures the geo statement's database time (EXPLAIN ANALYZE, median of RUNS) at 100k and at
// BENCH_SERVICES (1M) services, then GET /v1/services?lat&lng&radiusMeters=10000 through the route handler,
// in process (a real Request in, the real Response out; no production build needed), p50 and p99 of REQUESTS
// sequential calls around random points within 10 km of central Paris.
import type pg from 'pg';
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch-database';
import {
  candidatesFor,
  searchBox,
  searchServicesGeoName,
  searchServicesGeoSql,
} from '../lib/services/services/search-services-sql';
import { TASK_CATEGORIES } from '../lib/tasks/task-rules';
import { measureStatement, near, seedAndMeasure } from './bench-geo-search';
import { seedApiKey, serverUrl } from './bench-server';

const TOTAL = Number(process.env.BENCH_SERVICES ?? 1_000_000);
const SIZES = [...new Set([Math.min(100_000, TOTAL), TOTAL])];
const RUNS = 20;
const WARM_UP = 6;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const RADIUS = 10_000;
const PARIS = { lat: 48.8566, lng: 2.3522 };
const databaseUrl = await createScratchDatabase(serverUrl, 'legwork_bench_services');

// One INSERT … SELECT per table (users, worker_profiles, services); the GiST index is dropped while seeding and
// built again after. VACUUM ANALYZE sets the visibility map, so the box scan can stay index-only.
async function seed(client: pg.Client, from: number, count: number): Promise<void> {
  const def = await client.query<{ def: string }>(`select pg_get_indexdef('services_area_geo_idx'::regclass) as def`);
  await client.query('drop index services_area_geo_idx');
  await client.query(
    `insert into users (email, name)
     select 'worker-' || g || '@bench.example', 'Worker ' || g from generate_series($1::int + 1, $1::int + $2::int) g`,
    [from, count],
  );
  await client.query(
    `insert into worker_profiles (user_id, display_name, lat, lng, is_listed)
     select id, 'Worker', 0, 0, true from users u
     where u.email like 'worker-%' and not exists (select 1 from worker_profiles w where w.user_id = u.id)`,
  );
  await client.query(
    `with placed as (
       select u.id, random() < 0.3 as in_paris, random() < 0.1 as remote, random() as r, random() as theta,
         random() as u, random() as v
       from users u
       where u.email like 'worker-%' and not exists (select 1 from services s where s.worker_id = u.id)
     )
     insert into services (worker_id, title, description, category, price_cents, duration_minutes, area_lat,
       area_lng, area_radius_meters)
     select id, 'Errands and more', 'Bench service.', ($3::text[])[1 + floor(random() * 8)::int],
       500 + floor(random() * 20000)::int, 60,
       case when remote then null when in_paris then $1::float8 + 30000 * sqrt(r) * cos(2 * pi() * theta) / 111320
            else degrees(asin(2 * u - 1)) end,
       case when remote then null
            when in_paris then $2::float8 + 30000 * sqrt(r) * sin(2 * pi() * theta) / (111320 * cos(radians($1::float8)))
            else 360 * v - 180 end,
       case when remote then null else 1000 + floor(random() * 19000)::int end
     from placed`,
    [PARIS.lat, PARIS.lng, [...TASK_CATEGORIES]],
  );
  await client.query(def.rows[0]?.def ?? '');
  for (const table of ['users', 'worker_profiles', 'services']) await client.query(`vacuum analyze ${table}`);
}

const literal = (value: unknown) => (value === null ? 'null' : String(value));
const argsFor = (centre: { lat: number; lng: number }) => [
  centre.lat,
  centre.lng,
  RADIUS,
  ...searchBox(centre.lat, centre.lng, RADIUS),
  null,
  null,
  null,
  null,
  21,
  candidatesFor(20),
];
const explainText = (centre: { lat: number; lng: number }) =>
  `explain (analyze, costs off, timing off, summary off) ${searchServicesGeoSql(false).replace(/\$(\d+)(::\w+)?/g, (_, n) => literal(argsFor(centre)[Number(n) - 1]))}`;

async function measure(client: pg.Client) {
  const statement = searchServicesGeoName(false);
  await client.query(`prepare ${statement} as ${searchServicesGeoSql(false)}`);
  const argsOf = () => argsFor(near(PARIS, 10_000)).map(literal);
  const result = await measureStatement(client, {
    statement,
    runs: RUNS,
    warmUp: WARM_UP,
    argsOf,
    index: 'services_area_geo_idx',
  });
  await client.query(`deallocate ${statement}`);
  return result;
}

async function endToEnd(): Promise<void> {
  const apiKey = await seedApiKey(databaseUrl, ['workers:read']);
  process.env.DATABASE_URL = databaseUrl;
  const { GET } = await import('../app/v1/services/route');
  const headers = { authorization: `Bearer ${apiKey}` };
  const once = async () => {
    const centre = near(PARIS, 10_000);
    const url = `http://localhost:3000/v1/services?lat=${centre.lat}&lng=${centre.lng}&radiusMeters=${RADIUS}`;
    const started = performance.now();
    const response = await GET(new Request(url, { headers }), { params: Promise.resolve({}) });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`GET /v1/services: ${response.status} ${body}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 50; i++) await once();
  const latencies: number[] = [];
  for (let i = 0; i < REQUESTS; i++) latencies.push(await once());
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  console.log(
    `\nGET /v1/services?lat&lng&radiusMeters=${RADIUS} (API key, route handler in process, ${REQUESTS} sequential ` +
      `requests, ${TOTAL.toLocaleString('en')} services): p50 ${at(0.5).toFixed(2)} ms (target <= 20), ` +
      `p99 ${at(0.99).toFixed(2)} ms`,
  );
}

try {
  const { client, timings } = await seedAndMeasure(databaseUrl, { sizes: SIZES, noun: 'services', seed, measure });
  const plan = await client.query(explainText(near(PARIS, RADIUS)));
  await client.end();

  console.log(`\ngeo statement (radius ${RADIUS / 1000} km around random points within 10 km of central Paris)`);
  for (const t of timings) {
    console.log(
      `${t.size.toLocaleString('en').padStart(10)} services: database time median ${t.medianMs.toFixed(2)} ms ` +
        `(execution ${t.executionMs.toFixed(2)} + planning ${t.planningMs.toFixed(2)}), ${t.buffers} buffers, ` +
        `${t.rows} rows, services_area_geo_idx ${t.usesIndex ? 'used' : 'NOT used'}`,
    );
  }
  const [small, large] = timings;
  if (small && large && small !== large) {
    console.log(
      `growth ${small.size.toLocaleString('en')} → ${large.size.toLocaleString('en')}: ratio ${(large.medianMs / small.medianMs).toFixed(2)}`,
    );
  }
  console.log('\nplan at the full size:');
  for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
  await endToEnd();
} finally {
  await dropScratchDatabase(serverUrl, databaseUrl);
}
process.exit(0); // the route's database pool keeps the event loop alive
