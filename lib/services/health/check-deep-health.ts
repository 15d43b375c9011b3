import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import type { DeepHealth } from '@/lib/schemas/health';

type Check = DeepHealth['checks'][number];

const DATABASE_TIMEOUT_MS = 2000;
const PROCESSOR_CACHE_MS = 30_000;

let processorCache: { check: Check; at: number } | undefined;

/** Readiness: each required dependency, timed. The database is opened here, so an open failure is reported too. */
export async function checkDeepHealth(openDatabase: () => Promise<Database>): Promise<DeepHealth> {
  const checks = await Promise.all([checkDatabase(openDatabase), checkPaymentProcessor()]);
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

// Until the payments core lands, the built-in test-mode processor is the only one and is always up.
async function checkPaymentProcessor(): Promise<Check> {
  const now = Date.now();
  if (processorCache && now - processorCache.at < PROCESSOR_CACHE_MS) {
    return { ...processorCache.check, latencyMs: 0, cached: true };
  }
  const check: Check = { name: 'paymentProcessor', status: 'up', required: true, latencyMs: 0, detail: 'test-mode' };
  processorCache = { check, at: now };
  return { ...check, cached: false };
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
