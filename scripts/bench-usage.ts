// `npm run bench:usage`: operators' usage log at scale. Seeds 1,000 operators (each with 4 agents, one key per
// user) and BENCH_USAGE_ROWS (default 10M) log rows over 30 days in a scratch PostgreSQL database, then measures,
// through the real services, the first page of usage/logs and the 30-day usage/summary by day (median of RUNS,
// a random operator each run) side by side: (0) the table's existing indexes, (a) a covering index, (b) a daily
// rollup with a latency histogram. Last, how fast the usage-log flush writes batched rows.
import type { Database } from '../db/client';
import { openDatabase } from '../db/client';
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch-database';
import { flushUsageLog, recordUsage } from '../lib/api/usage-log';
import { sweepExpiredRows } from '../lib/jobs/sweep-expired-rows';
import { listUsageLogs } from '../lib/services/usage/list-usage-logs';
import { summarizeUsage } from '../lib/services/usage/summarize-usage';
import { median, serverUrl } from './bench-server';

const OPERATORS = 1000;
const AGENTS_PER_OPERATOR = 4;
const ROWS = Number(process.env.BENCH_USAGE_ROWS ?? 10_000_000);
const CHUNK = 1_000_000;
const RUNS = 30;
const WARM_UP = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
const FLUSH_ROWS = 50_000;
const OLD_ROWS = 100_000;
// Upper bounds (ms) of the rollup's latency buckets; the last one is open.
const BUCKETS = [1, 2, 5, 10, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1000, 2000, 5000];

const COVERING_INDEX = `create index api_request_log_user_cover_idx on api_request_log (user_id, created_at)
  include (status, latency_ms)`;

async function seed(database: Database): Promise<string[]> {
  const started = performance.now();
  await database.query(
    'bench_ops',
    `insert into users (email, name) select 'op-' || g || '@bench.example', 'Op ' || g from generate_series(1, $1::int) g`,
    [OPERATORS],
  );
  await database.query(
    'bench_agents',
    `insert into users (name, type, owner_id) select 'Agent ' || a, 'agent', u.id
     from users u, generate_series(1, $1::int) a where u.type = 'human'`,
    [AGENTS_PER_OPERATOR],
  );
  await database.query(
    'bench_keys',
    `insert into api_keys (user_id, name, key_hash, key_prefix) select id, 'bench', md5(id::text), 'lgw_live_ben' from users`,
    [],
  );
  await database.query(
    'bench_key_numbers',
    'create table bench_keys as select (row_number() over (order by id) - 1)::int as n, id, user_id from api_keys',
    [],
  );
  const keys = (OPERATORS * (AGENTS_PER_OPERATOR + 1)).toString();
  await database.query(
    'bench_old_log',
    `insert into api_request_log (api_key_id, user_id, method, route, status, latency_ms, created_at)
     select k.id, k.user_id, 'GET', '/v1/tasks', 200, 10, now() - interval '31 days' - random() * interval '3 days'
     from generate_series(1, $1::int) g join bench_keys k on k.n = g % ${keys}`,
    [OLD_ROWS],
  );
  for (let from = 0; from < ROWS; from += CHUNK) {
    await database.query(
      'bench_log',
      `insert into api_request_log (api_key_id, user_id, method, route, status, latency_ms, ip, created_at)
       select k.id, k.user_id, 'GET', (array['/v1/tasks', '/v1/tasks/{id}', '/v1/workers', '/v1/operators/me'])[1 + g % 4],
         case when random() < 0.04 then 404 when random() < 0.01 then 500 else 200 end,
         (5 + 200 * random() ^ 3)::int, '203.0.113.9', now() - random() * interval '30 days'
       from generate_series($1::int, $2::int) g join bench_keys k on k.n = g % ${keys}`,
      [from, Math.min(from + CHUNK, ROWS) - 1],
    );
  }
  await database.query('bench_vacuum', 'vacuum analyze', []);
  console.log(`seeded ${ROWS.toLocaleString('en')} log rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const rows = await database.query<{ id: string }>('bench_op_ids', `select id from users where type = 'human'`, []);
  return rows.map((row) => row.id);
}

async function timed(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + runs; i++) {
    const started = performance.now();
    await work();
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  return median(times);
}

const pick = (operators: string[]) => operators[Math.floor(Math.random() * operators.length)] ?? '';

async function measureServices(database: Database, operators: string[]) {
  const now = new Date();
  const logs = await timed(RUNS, () =>
    listUsageLogs(
      database.db,
      { operatorId: pick(operators) },
      { from: new Date(+now - 7 * DAY_MS), to: now, limit: 20 },
    ),
  );
  const summary = await timed(RUNS, () =>
    summarizeUsage(
      database.db,
      { operatorId: pick(operators) },
      { from: new Date(+now - 30 * DAY_MS), to: now, groupBy: 'day' },
    ),
  );
  return { logs, summary };
}

// Option (b): per key, route and UTC day, the request and error counts and a fixed-bucket latency histogram,
// from which p50/p95 are read approximately (the bucket's upper bound). Built here from the log at once; kept by
// the flush, it would be one more upsert per batch (timed in measureFlush).
async function measureRollup(database: Database, operators: string[]) {
  const started = performance.now();
  await database.query(
    'bench_rollup',
    `create table usage_daily (user_id uuid, api_key_id uuid, route text, day date, requests int, errors int,
       latency_hist int[], primary key (user_id, day, api_key_id, route))`,
    [],
  );
  await database.query('bench_rollup_fill', `insert into usage_daily ${rollupSelect('api_request_log')}`, []);
  await database.query('bench_rollup_vacuum', 'vacuum analyze usage_daily', []);
  const buildMs = performance.now() - started;
  const [count] = await database.query<{ n: number }>(
    'bench_rollup_count',
    'select count(*)::int n from usage_daily',
    [],
  );
  const to = new Date();
  const from = new Date(+to - 30 * DAY_MS);
  const summaryMs = await timed(RUNS, () =>
    database.query('bench_rollup_summary', ROLLUP_SUMMARY, [pick(operators), from.toISOString(), to.toISOString()]),
  );
  return { buildMs, rows: count?.n ?? 0, summaryMs };
}

const bucketCounts = BUCKETS.map((bound) => `count(*) filter (where latency_ms <= ${bound})`);
const rollupSelect = (
  source: string,
) => `select user_id, api_key_id, route, (created_at at time zone 'UTC')::date, count(*),
    count(*) filter (where status >= 400),
    array[${bucketCounts.map((c, i) => (i === 0 ? c : `${c} - ${bucketCounts[i - 1]}`)).join(', ')},
      count(*) filter (where latency_ms > ${BUCKETS.at(-1)})]
  from ${source} group by 1, 2, 3, 4`;

const ROLLUP_SUMMARY = `with scoped as (
    select * from usage_daily where user_id in (select $1::uuid union all select id from users where owner_id = $1::uuid)
      and day between ($2::timestamptz at time zone 'UTC')::date and ($3::timestamptz at time zone 'UTC')::date
  ), buckets as (
    select day, b.i, sum(b.c) as c from scoped, unnest(latency_hist) with ordinality as b(c, i) group by day, b.i
  ), cumulated as (
    select day, i, sum(c) over (partition by day order by i) as below, sum(c) over (partition by day) as total from buckets
  )
  select s.day, s.requests, s.errors,
    (array[${BUCKETS.join(', ')}, 10000])[(select min(i) from cumulated c where c.day = s.day and below >= 0.5 * total)] as p50,
    (array[${BUCKETS.join(', ')}, 10000])[(select min(i) from cumulated c where c.day = s.day and below >= 0.95 * total)] as p95
  from (select day, sum(requests) requests, sum(errors) errors from scoped group by day) s order by s.day`;

// The flush as the server runs it (batches of MAX_BATCH rows through recordUsage/flushUsageLog), then the
// same batches plus the upsert that would keep the rollup.
async function measureFlush(database: Database) {
  const [key] = await database.query<{ id: string; user_id: string }>(
    'bench_a_key',
    'select id, user_id from api_keys limit 1',
    [],
  );
  if (!key) throw new Error('no key');
  const entries = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      apiKeyId: key.id,
      userId: key.user_id,
      method: 'GET',
      route: `/v1/tasks/{id}#${i % 8}`,
      status: i % 20 === 0 ? 404 : 200,
      latencyMs: 5 + (i % 90),
      ip: '203.0.113.9',
      at: new Date(),
    }));
  const opened = async () => database;
  let started = performance.now();
  for (const entry of entries(FLUSH_ROWS)) recordUsage(opened, entry);
  await flushUsageLog();
  const plainMs = performance.now() - started;
  started = performance.now();
  for (let i = 0; i < FLUSH_ROWS; i += 500) {
    const batch = entries(500);
    for (const entry of batch) recordUsage(opened, entry);
    await flushUsageLog();
    const column = <K extends keyof (typeof batch)[number]>(name: K) => batch.map((entry) => entry[name]);
    await database.query('bench_rollup_upsert', ROLLUP_UPSERT, [
      column('apiKeyId'),
      column('userId'),
      column('route'),
      column('status'),
      column('latencyMs'),
      column('at'),
    ]);
  }
  const rollupMs = performance.now() - started;
  const rate = (ms: number) => Math.round(FLUSH_ROWS / (ms / 1000)).toLocaleString('en');
  console.log(
    `flush of ${FLUSH_ROWS.toLocaleString('en')} rows in batches of 500: ${plainMs.toFixed(0)} ms = ${rate(plainMs)} rows/s ` +
      `(target >= 5,000); with the rollup upsert per batch ${rollupMs.toFixed(0)} ms = ${rate(rollupMs)} rows/s`,
  );
}

// The rollup's upsert as the flush would run it: the batch's column arrays, aggregated and added in.
const BATCH = `unnest($1::uuid[], $2::uuid[], $3::text[], $4::smallint[], $5::int[], $6::timestamptz[])
  as b(api_key_id, user_id, route, status, latency_ms, created_at)`;
const ROLLUP_UPSERT = `insert into usage_daily ${rollupSelect(BATCH)}
  on conflict (user_id, day, api_key_id, route) do update set requests = usage_daily.requests + excluded.requests,
    errors = usage_daily.errors + excluded.errors,
    latency_hist = (select array_agg(a + b order by i) from unnest(usage_daily.latency_hist, excluded.latency_hist)
      with ordinality as t(a, b, i))`;

const databaseUrl = await createScratchDatabase(serverUrl, 'legwork_bench_usage');
const database = await openDatabase({ driver: 'pg', url: databaseUrl }); // applies the migrations
try {
  const operators = await seed(database);
  const results: Record<string, { logs: number; summary: number }> = {};
  results['existing indexes'] = await measureServices(database, operators);
  await database.query('bench_cover', COVERING_INDEX, []);
  await database.query('bench_vacuum_log', 'vacuum analyze api_request_log', []);
  results['(a) covering index'] = await measureServices(database, operators);
  const rollup = await measureRollup(database, operators);
  console.log(`\nusage with ${ROWS.toLocaleString('en')} log rows, ${OPERATORS} operators (median of ${RUNS} ms)`);
  for (const [option, figures] of Object.entries(results)) {
    console.log(
      `${option.padEnd(22)} logs first page ${figures.logs.toFixed(2).padStart(7)} (target <= 20)   ` +
        `summary 30 days by day ${figures.summary.toFixed(2).padStart(7)} (target <= 50)`,
    );
  }
  console.log(
    `${'(b) daily rollup'.padEnd(22)} built in ${(rollup.buildMs / 1000).toFixed(1)} s, ${rollup.rows.toLocaleString('en')} rows; ` +
      `summary 30 days by day ${rollup.summaryMs.toFixed(2)} (approximate percentiles)`,
  );
  await measureFlush(database);
  await measureSweep(database);
} finally {
  await database.close();
  await dropScratchDatabase(serverUrl, databaseUrl);
}

// The retention sweep on the full table: the OLD_ROWS rows seeded first (past 30 days, at the heap's start as in a
// log appended in time order), deleted 5,000 a statement through the BRIN index on created_at; then a run with
// nothing left to delete, as most 10-minute runs are.
async function measureSweep(database: Database) {
  const started = performance.now();
  const swept = await sweepExpiredRows(database);
  const ms = performance.now() - started;
  const empty = performance.now();
  await sweepExpiredRows(database);
  console.log(
    `retention sweep: ${swept.usageLog.toLocaleString('en')} rows past 30 days deleted in ${(ms / 1000).toFixed(1)} s ` +
      `(batches of 5,000); a run with nothing to delete ${(performance.now() - empty).toFixed(0)} ms`,
  );
}
