// `npm run bench`: production build, one server, autocannon against GET /v1/health (bare) and an
// API-key-authenticated routes (GET /v1/users/me, GET /v1/operators/me), measured back to back in one run,
// then each one's ratio to the bare route.
import autocannon from 'autocannon';
import { createScratchDatabase, dropScratchDatabase } from '../db/scratch-database';
import { ensureBuild, seedApiKey, serverUrl, startServer, stopServer, waitForServer } from './bench-server';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 3;
const ROUNDS = 2;
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const base = `http://127.0.0.1:${PORT}`;

ensureBuild();

const databaseUrl = await createScratchDatabase(serverUrl, 'legwork_bench');
const apiKey = await seedApiKey(databaseUrl);
const server = startServer(databaseUrl, PORT);
try {
  await waitForServer(base);
  const targets: { name: string; path: string; headers: Record<string, string> }[] = [
    { name: 'GET /v1/health', path: '/v1/health', headers: {} },
    { name: 'GET /v1/users/me (API key)', path: '/v1/users/me', headers: { authorization: `Bearer ${apiKey}` } },
    {
      name: 'GET /v1/operators/me (API key)',
      path: '/v1/operators/me',
      headers: { authorization: `Bearer ${apiKey}` },
    },
  ];
  for (const target of targets) await run(target.path, target.headers, WARMUP_S);
  // The two endpoints alternate in ROUNDS slices (DURATION_S in all for each), so a slow patch of the
  // shared machine weighs on both sides of the ratio instead of on one.
  const samples = targets.map(() => ({ requests: 0, seconds: 0, p50: [] as number[], p99: [] as number[] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, target] of targets.entries()) {
      const result = await run(target.path, target.headers, DURATION_S / ROUNDS);
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${target.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      }
      const sample = samples[index];
      if (!sample) continue;
      sample.requests += result.requests.total;
      sample.seconds += result.duration;
      sample.p50.push(result.latency.p50);
      sample.p99.push(result.latency.p99);
    }
  }
  const results = targets.map((target, index) => {
    const sample = samples[index] ?? { requests: 0, seconds: 1, p50: [0], p99: [0] };
    return {
      name: target.name,
      rps: sample.requests / sample.seconds,
      p50: Math.max(...sample.p50),
      p99: Math.max(...sample.p99),
    };
  });
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_S} s each after a ${WARMUP_S} s warm-up, PostgreSQL ${databaseUrl.replace(/\/\/.*@/, '//…@')}\n`,
  );
  console.log('endpoint                            req/s     p50 ms   p99 ms   (latency: worst round)');
  for (const r of results) {
    console.log(
      `${r.name.padEnd(35)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)}`,
    );
  }
  const [bare, ...authenticated] = results as [(typeof results)[0], ...typeof results];
  console.log('');
  for (const authed of authenticated) {
    console.log(
      `${authed.name}: ratio to bare ${(authed.rps / bare.rps).toFixed(2)} (target >= 0.75), p99 ${authed.p99} ms (target <= 150 ms)`,
    );
  }
} finally {
  await stopServer(server);
  await dropScratchDatabase(serverUrl, databaseUrl);
}

function run(urlPath: string, headers: Record<string, string>, duration: number) {
  return autocannon({ url: base + urlPath, connections: CONNECTIONS, duration, headers });
}
