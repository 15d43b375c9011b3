import { logger } from '@/lib/logger';
import type { Db } from './database';

// deadlock_detected and serialization_failure: PostgreSQL rolled the whole transaction back, so running it again
// from the start is safe, and usually succeeds once the other transaction has finished.
const CONFLICT_CODES = new Set(['40P01', '40001']);
// The server is going down or not yet up (admin_shutdown, crash_shutdown, cannot_connect_now), or refused the
// connection: the work never ran, or was rolled back with its session, so it can run again once the server is back.
const RESTART_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED']);
// Also the connection failing under the work (class 08, a reset socket, pg's own "Connection terminated"): the work
// may or may not have committed, so it is not run again, but it is not a bug of ours either (503, not 500).
const LOST_CODES = new Set(['08000', '08001', '08003', '08004', '08006', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const LOST_MESSAGE = /^Connection terminated/;
// pg refusing a query on a client whose connection already failed: the query was never sent, and the server rolled
// back whatever the connection had open when it went.
const NOT_SENT_MESSAGE = /^Client has encountered a connection error and is not queryable/;

/** Retries after the first failure; the third failure is answered. */
export const CONFLICT_RETRIES = 2;
/** Pauses before each retry while the database restarts: about 2 s in all, what a fast restart takes. */
const RESTART_PAUSES_MS = [250, 600, 1200];

/** The codes in `error` and its causes (drizzle wraps the driver's error). */
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let cause = error;
  for (let depth = 0; cause && typeof cause === 'object' && depth < 5; depth++) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string') codes.push(code);
    cause = (cause as { cause?: unknown }).cause;
  }
  return codes;
}

/** The SQLSTATE of a lock conflict in `error` or its causes, else undefined. */
export function conflictCode(error: unknown): string | undefined {
  return codesOf(error).find((code) => CONFLICT_CODES.has(code));
}

function restartCode(error: unknown): string | undefined {
  const code = codesOf(error).find((code) => RESTART_CODES.has(code));
  if (code) return code;
  if (messagesOf(error).some((message) => NOT_SENT_MESSAGE.test(message))) return 'not_queryable';
  // The connection lost while a transaction opened or rolled back (drizzle answers the rollback's failure in place
  // of the statement's): nothing of it committed, whatever the socket said.
  const { query } = (error ?? {}) as { query?: unknown };
  if ((query === 'begin' || query === 'rollback') && isConnectionLost(error)) return `lost_at_${query}`;
  return undefined;
}

function isConnectionLost(error: unknown): boolean {
  return (
    codesOf(error).some((code) => LOST_CODES.has(code)) ||
    messagesOf(error).some((message) => LOST_MESSAGE.test(message))
  );
}

function messagesOf(error: unknown): string[] {
  const messages: string[] = [];
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    messages.push(cause.message);
  }
  return messages;
}

/** Whether `error` says the database could not be reached or went away: 503 and a retry, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return restartCode(error) !== undefined || isConnectionLost(error);
}

/**
 * Runs `attempt` and runs it again when it failed in a way that left nothing behind: a deadlock or serialization
 * failure (at most CONFLICT_RETRIES times, after a short random pause so the two sides do not collide again in
 * step), or the database restarting (paused long enough for it to come back).
 */
export async function retryTransient<T>(what: string, attempt: () => Promise<T>): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      const conflict = conflictCode(error);
      const restart = conflict ? undefined : restartCode(error);
      const pause = conflict
        ? retry < CONFLICT_RETRIES && (5 + Math.random() * 45) * 2 ** retry
        : restart && RESTART_PAUSES_MS[retry];
      if (!pause) throw error;
      logger.warn('retrying after a transient database failure', { what, code: conflict ?? restart, retry: retry + 1 });
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

type Queryable = { query: (...args: never[]) => unknown };

/**
 * Makes every unit of work on a server pool retry transient failures: a statement run on the pool itself
 * (autocommit, its own transaction) and every top-level `db.transaction`, whose callback runs again from the start.
 * A statement inside a transaction is not retried alone: the transaction is aborted, so the whole of it is. Nested
 * transactions (savepoints) are left to their outermost one.
 */
export function retryTransientOn(pool: Queryable, db: Db): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) =>
    // The callback form is pg's internal use; the promise form is everyone else's.
    typeof args.at(-1) === 'function'
      ? query(...args)
      : retryTransient('statement', () => query(...args) as Promise<unknown>)) as Queryable['query'];
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) =>
    retryTransient('transaction', () => transaction(run, config))) as Db['transaction'];
}
