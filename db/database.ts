import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

type Drizzle = PgDatabase<PgQueryResultHKT, typeof schema>;
declare const topLevel: unique symbol;

/**
 * The pool handle, for code that opens its own top-level transaction or must run after commit (provider calls).
 * Branded so a transaction is not assignable to it: its `transaction` would silently become a savepoint.
 */
export type Db = Drizzle & { readonly [topLevel]: true };

/** Inside a transaction: what a function that needs its statements to be atomic with its caller's takes. */
export type Tx = Parameters<Parameters<Drizzle['transaction']>[0]>[0];

/** Any executor, the pool handle or a transaction: what a function that only runs queries takes. */
export type Executor = Db | Tx;

/** The one place a driver's handle becomes the top-level `Db`. */
export function topLevelDb(db: Drizzle): Db {
  return db as Db;
}

export type DriverName = 'pglite' | 'pg' | 'neon';

/** Callbacks of a LISTEN: each notification's payload, and a reconnect after which missed ones must be re-queried. */
export type ListenHandlers = { onNotify(payload: string): void; onReconnect(): void };
export type Unlisten = () => Promise<void>;

/** Connections open, of them idle, and queries waiting for one; `max` is the pool's size. */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

export type Database = {
  driver: DriverName;
  db: Db;
  /**
   * Raw parameterised SQL for the few hot-path statements. `name` makes it a server-side prepared
   * statement on drivers that support them (pg), so Postgres parses and plans it once per connection.
   */
  query<Row>(name: string, text: string, params: unknown[]): Promise<Row[]>;
  /**
   * LISTEN on `channel` over the handle's one dedicated listening connection (not a pool connection). Absent
   * where no long-lived connection can be held (the serverless driver): callers fall back to polling.
   */
  listen?(channel: string, handlers: ListenHandlers): Promise<Unlisten>;
  /** The connection pool's state now (the metrics read it at each scrape). Absent on PGlite: one in-process connection. */
  poolStats?(): PoolStats;
  close(): Promise<void>;
};

export const migrationsFolder = `${process.cwd()}/db/migrations`;

// One advisory-lock id shared by every instance, so concurrent boots apply migrations one at a time.
export const MIGRATION_LOCK_ID = 7_243_911;
