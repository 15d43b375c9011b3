import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type Database, MIGRATION_LOCK_ID, migrationsFolder, topLevelDb } from '../database';
import { retryTransientOn } from '../retry-transient';
import * as schema from '../schema';
import { createPgListener } from './pg-listener';

export type NodePostgresOptions = { url: string; maxConnections?: number };

export async function openNodePostgres({ url, maxConnections = 10 }: NodePostgresOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections, idleTimeoutMillis: 30_000 });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // A checked-out client's connection can fail between statements (a server restart sends its FATAL then): without
  // a listener that 'error' would crash the process. The client's next query fails instead, the transaction is run
  // again on a new connection (retry-transient.ts), and the pool discards the broken client on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    await migrateWithLock(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = topLevelDb(drizzle(pool, { schema, casing: 'snake_case' }));
  retryTransientOn(pool, db);
  const listener = createPgListener(url);
  return {
    driver: 'pg',
    db,
    async query<Row>(name: string, text: string, params: unknown[]) {
      const result = await pool.query({ name, text, values: params });
      return result.rows as Row[];
    },
    listen: (channel, handlers) => listener.listen(channel, handlers),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: maxConnections,
    }),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

async function migrateWithLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}
