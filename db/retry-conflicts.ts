import { logger } from '@/lib/logger';
import type { Db } from './database';

// deadlock_detected and serialization_failure: PostgreSQL rolled the whole transaction back, so running it again
// from the start is safe, and usually succeeds once the other transaction has finished.
const CONFLICT_CODES = new Set(['40P01', '40001']);

/** Retries after the first failure; the third failure is answered. */
export const CONFLICT_RETRIES = 2;

/** The SQLSTATE of a lock conflict in `error` or its causes (drizzle wraps the driver's error), else undefined. */
export function conflictCode(error: unknown): string | undefined {
  let cause = error;
  for (let depth = 0; cause && typeof cause === 'object' && depth < 5; depth++) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && CONFLICT_CODES.has(code)) return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs `attempt` and, when it fails on a deadlock or serialization failure, runs it again after a random pause
 * (so the two sides do not collide again in step), at most CONFLICT_RETRIES times.
 */
export async function retryConflicts<T>(what: string, attempt: () => Promise<T>): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      const code = conflictCode(error);
      if (!code || retry >= CONFLICT_RETRIES) throw error;
      logger.warn('retrying after a lock conflict', { what, code, retry: retry + 1 });
      await new Promise((resolve) => setTimeout(resolve, (5 + Math.random() * 45) * 2 ** retry));
    }
  }
}

type Queryable = { query: (...args: never[]) => unknown };

/**
 * Makes every unit of work on a server pool retry lock conflicts: a statement run on the pool itself (autocommit,
 * its own transaction) and every top-level `db.transaction`, whose callback runs again from the start. A statement
 * inside a transaction is not retried alone: the transaction is aborted, so the whole of it is. Nested transactions
 * (savepoints) are left to their outermost one.
 */
export function retryConflictsOn(pool: Queryable, db: Db): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) =>
    // The callback form is pg's internal use; the promise form is everyone else's.
    typeof args.at(-1) === 'function'
      ? query(...args)
      : retryConflicts('statement', () => query(...args) as Promise<unknown>)) as Queryable['query'];
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) =>
    retryConflicts('transaction', () => transaction(run, config))) as Db['transaction'];
}
