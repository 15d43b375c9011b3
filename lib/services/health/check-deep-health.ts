import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { env } from '@/lib/env';
import { configuredProcessor } from '@/lib/payments/get-processor';
import { x402Availability } from '@/lib/payments/x402/availability';
import type { DeepHealth } from '@/lib/schemas/health';

type Check = DeepHealth['checks'][number];

const DATABASE_TIMEOUT_MS = 2000;
const PROCESSOR_CACHE_MS = 30_000;

let processorCache: { check: Check; at: number } | undefined;

/** The database is opened here, so an open failure is reported too. */
export async function checkDeepHealth(openDatabase: () => Promise<Database>): Promise<DeepHealth> {
  const checks = [
    ...(await Promise.all([checkDatabase(openDatabase), checkPaymentProcessor()])),
    webhookUrlsCheck(),
    x402Check(),
  ];
  const down = checks.some((check) => check.required && check.status === 'down');
  return { status: down ? 'unavailable' : 'ok', checks, checkedAt: new Date().toISOString() };
}

async function checkDatabase(openDatabase: () => Promise<Database>): Promise<Check> {
  const started = performance.now();
  try {
    const database = await withTimeout(
      (async () => {
        const opened = await openDatabase();
        await opened.db.execute(sql`select 1`);
        return opened;
      })(),
      DATABASE_TIMEOUT_MS,
    );
    return { name: 'database', status: 'up', required: true, latencyMs: elapsed(started), detail: database.driver };
  } catch (error) {
    const detail = error instanceof TimeoutError ? `no answer within ${DATABASE_TIMEOUT_MS} ms` : 'unreachable';
    return { name: 'database', status: 'down', required: true, latencyMs: elapsed(started), detail };
  }
}

const PROCESSOR_TIMEOUT_MS = 5000;

// Cached for 30 s (spec): a flapping or slow processor must not turn every probe into an API call.
async function checkPaymentProcessor(): Promise<Check> {
  const now = Date.now();
  if (processorCache && now - processorCache.at < PROCESSOR_CACHE_MS) {
    return { ...processorCache.check, latencyMs: 0, cached: true };
  }
  const processor = configuredProcessor();
  const started = performance.now();
  let check: Check;
  try {
    await withTimeout(processor.probe(), PROCESSOR_TIMEOUT_MS);
    check = {
      name: 'paymentProcessor',
      status: 'up',
      required: true,
      latencyMs: elapsed(started),
      detail: processor.name,
    };
  } catch (error) {
    const reason = error instanceof TimeoutError ? `no answer within ${PROCESSOR_TIMEOUT_MS} ms` : 'unreachable';
    check = {
      name: 'paymentProcessor',
      status: 'down',
      required: true,
      latencyMs: elapsed(started),
      detail: `${processor.name}: ${reason}`,
    };
  }
  processorCache = { check, at: now };
  return { ...check, cached: false };
}

// Not a dependency: a configuration warning. WEBHOOKS_ALLOW_PRIVATE_URLS=1 turns the SSRF rules off, which is
// fine for local development and tests and dangerous anywhere else, so the readiness probe says so.
function webhookUrlsCheck(): Check {
  const allowed = env().WEBHOOKS_ALLOW_PRIVATE_URLS;
  return {
    name: 'webhookUrls',
    status: 'up',
    required: false,
    latencyMs: 0,
    detail: allowed
      ? 'private URLs allowed (WEBHOOKS_ALLOW_PRIVATE_URLS=1): http and loopback/private addresses are not refused'
      : 'https and public addresses only',
  };
}

function x402Check(): Check {
  const { enabled, detail } = x402Availability();
  return { name: 'x402', status: enabled ? 'up' : 'down', required: false, latencyMs: 0, detail };
}

class TimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}
