// `npm run soak`: the load-and-chaos suite (docs/operations.md, "Soak"). Starts a scratch PostgreSQL cluster, two
// production instances and the job runner on it, drives a mixed workload round-robin (a no-fault baseline, then
// SOAK_SECONDS with faults at random times), and checks what the clients were told against what the database
// holds. Prints each check as PASS or FAIL with figures and exits 1 on any FAIL. Needs a production build.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../db/client';
import { runChecks } from './soak/checks';
import { type Cluster, freePort, startCluster } from './soak/cluster';
import { ALL_FAULTS, type FaultKind, FaultLog, runFaults } from './soak/faults';
import { Balancer, sleep } from './soak/http';
import { Journal } from './soak/journal';
import { checkHealthEvery, instance, jobRunner, type Managed } from './soak/processes';
import { type Receivers, startReceivers } from './soak/receivers';
import { printChecks, printFigures } from './soak/report';
import { ADMIN_EMAIL, castActors } from './soak/setup';
import { runWorkload } from './soak/workload';

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CHAOS_SECONDS = number('SOAK_SECONDS', 120);
const BASELINE_SECONDS = number('SOAK_BASELINE_SECONDS', Math.max(5, Math.round(CHAOS_SECONDS / 4)));
const DRAIN_SECONDS = number('SOAK_DRAIN_SECONDS', 150);
const GRACE_SECONDS = number('SHUTDOWN_GRACE_SECONDS', 20);
const FAULTS = (process.env.SOAK_FAULTS ?? ALL_FAULTS.join(','))
  .split(',')
  .map((kind) => kind.trim())
  .filter((kind): kind is FaultKind => (ALL_FAULTS as string[]).includes(kind));

const ROOT = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(ROOT, '.next/BUILD_ID'))) {
  console.error('soak: no production build; run `npm run build` first');
  process.exit(2);
}

const logDir = mkdtempSync(path.join(tmpdir(), 'legwork-soak-'));
const processes: Managed[] = [];
let cluster: Cluster | undefined;
let receivers: Receivers | undefined;
let database: Database | undefined;
let failed = true;
try {
  failed = await soak();
} catch (error) {
  console.error('soak: aborted:', error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  await Promise.all(processes.filter((p) => p.running).map((p) => p.signal('SIGKILL')));
  await database?.close().catch(() => undefined);
  await cluster?.close().catch(() => undefined);
  cluster?.stop();
  await receivers?.close();
}
console.log(`\nsoak: ${failed ? 'FAILED' : 'passed'} (process logs in ${logDir})`);
process.exit(failed ? 1 : 0);

async function soak(): Promise<boolean> {
  console.log(`soak: baseline ${BASELINE_SECONDS} s, chaos ${CHAOS_SECONDS} s, faults ${FAULTS.join(', ') || 'none'}`);
  cluster = await startCluster();
  receivers = await startReceivers();
  const [portA, portB] = [await freePort(), await freePort()];
  const env = serverEnv(cluster.url, portA, portB);
  const a = instance('a', portA, env, logDir);
  const b = instance('b', portB, env, logDir);
  const worker = jobRunner(env, logDir);
  processes.push(a, b, worker);
  await a.start(); // the first applies the migrations
  await Promise.all([b.start(), worker.start()]);
  const stopHealthChecks = checkHealthEvery([a, b]);
  database = await openDatabase({ driver: 'pg', url: cluster.url, maxConnections: 3 });

  const faults = new FaultLog();
  const http = new Balancer([
    { name: 'a', url: () => a.base },
    { name: 'b', url: () => b.base },
  ]);
  const journal = new Journal();
  const cast = await castActors(http, database, receivers, {
    operators: number('SOAK_OPERATORS', 3),
    agentsPerOperator: number('SOAK_AGENTS', 3),
    keysPerOperator: number('SOAK_KEYS', 4),
    mailbox: () => a.base ?? b.base ?? '',
  });
  console.log(`soak: ${cast.operators.length} operators, ${cast.agents.length} agents, logs in ${logDir}`);

  http.phase = 'baseline';
  const baselineStart = Date.now();
  let stop = false;
  let workload = runWorkload(http, cast, journal, () => stop);
  await sleep(BASELINE_SECONDS * 1000);
  stop = true;
  await workload;

  const baselineSeconds = (Date.now() - baselineStart) / 1000;
  http.phase = 'chaos';
  const chaosStart = Date.now();
  stop = false;
  workload = runWorkload(http, cast, journal, () => stop);
  const chaos = runFaults(FAULTS, CHAOS_SECONDS, { killed: a, deployed: b, cluster }, faults);
  await Promise.all([sleep(CHAOS_SECONDS * 1000), chaos]);
  stop = true;
  await workload;

  const chaosSeconds = (Date.now() - chaosStart) / 1000;
  http.phase = 'drain';
  const endpointIds = cast.operators.flatMap((o) => (o.endpoint ? [o.endpoint.id] : []));
  await drainWebhooks(cluster, endpointIds);
  stopHealthChecks();

  const checks = await runChecks({
    samples: http.samples,
    journal,
    faults,
    cluster,
    database,
    receivers,
    endpointIds,
    graceSeconds: GRACE_SECONDS,
  });
  const misses = printFigures(http.samples, faults, { baseline: baselineSeconds, chaos: chaosSeconds });
  if (journal.unexpected.length > 0) {
    console.log(`\nunexpected answers (${journal.unexpected.length}, first 10):`);
    for (const u of journal.unexpected.slice(0, 10)) console.log(`  ${u.op} ${u.status} ${u.body}`);
  }
  console.log(`\nretries that waited out a dead request's Idempotency-Key lock (409): ${http.keyInUseWaits}`);
  printChecks(checks, misses);
  return checks.some((c) => !c.pass);
}

/**
 * Waits (up to SOAK_DRAIN_SECONDS) until no delivery to the soak's endpoints is under way or due before the drain
 * ends: each has succeeded, or waits on a lease a killed instance left that outlasts the drain (the checks say so;
 * the 150 s default outlasts the 120 s lease, so the full run sees those taken over). An attempt begun in the last
 * 12 s with no outcome yet (the slow receiver; the delivery timeout is 10 s) is under way.
 */
async function drainWebhooks(cluster: Cluster, endpointIds: string[]) {
  const deadline = Date.now() + DRAIN_SECONDS * 1000;
  while (Date.now() < deadline) {
    const pending = await cluster
      .query<{ event_id: string; due: boolean; sending: boolean }>(
        `select d.event_id, d.next_attempt_at < $2::timestamptz as due,
            exists (select 1 from webhook_attempts a where a.delivery_id = d.id and a.duration_ms is null
              and a.created_at > now() - interval '12 seconds') as sending
          from webhook_deliveries d where d.endpoint_id = any($1::uuid[]) and d.status = 'pending'`,
        [endpointIds, new Date(deadline)],
      )
      .catch(() => undefined);
    const busy = pending?.some((d) => d.due || d.sending);
    if (pending && !busy) return;
    await sleep(1_000);
  }
}

/** What playwright.config.ts gives the e2e server: test-mode payments, the dev mailbox, loopback as a proxy. */
function serverEnv(url: string, portA: number, portB: number): Record<string, string> {
  const site = `http://127.0.0.1:${portA}`;
  return {
    DATABASE_URL: url,
    POSTGRES_URL: '',
    SITE_URL: site,
    NEXTAUTH_URL: site,
    ALLOWED_HOSTS: `127.0.0.1:${portB}`,
    AUTH_SECRET: 'soak-secret-soak-secret-soak-secret-soak-secret',
    NEXT_TELEMETRY_DISABLED: '1',
    NODE_ENV: 'production',
    RESEND_API_KEY: '',
    LEGWORK_DEV_MAILBOX: '1',
    WEBHOOKS_ALLOW_PRIVATE_URLS: '1',
    TRUSTED_PROXIES: 'loopback',
    ADMIN_EMAILS: ADMIN_EMAIL,
    TELNYX_API_KEY: '',
    STRIPE_SECRET_KEY: '',
    X402_FACILITATOR_URL: '',
    SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
}
