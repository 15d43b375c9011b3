import { neonConfig, Pool } from '@neondatabase/serverless';
import { drizzle } from 'drizzle-orm/neon-serverless';
import { migrate } from 'drizzle-orm/neon-serverless/migrator';
import ws from 'ws';
import { type Database, MIGRATION_LOCK_ID, migrationsFolder, topLevelDb } from '../database';
import { retryTransientOn } from '../retry-transient';
import * as schema from '../schema';

// Serverless Postgres (Vercel Postgres / Neon) over WebSockets: the maintained successor of
// @vercel/postgres, with real transactions. See docs/database.md "Why @neondatabase/serverless".
export async function openNeon(url: string): Promise<Database> {
  if (typeof WebSocket === 'undefined') neonConfig.webSocketConstructor = ws;
  const pool = new Pool({ connectionString: url });
  pool.on('error', () => {});
  // As node-postgres.ts: a checked-out client's failed connection must not crash the process.
  pool.on('connect', (client: { on(event: 'error', listener: () => void): void }) => client.on('error', () => {}));
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle({ client: pool, schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
  const db = topLevelDb(drizzle({ client: pool, schema, casing: 'snake_case' }));
  retryTransientOn(pool, db);
  return {
    driver: 'neon',
    db,
    async query<Row>(_name: string, text: string, params: unknown[]) {
      const result = await pool.query(text, params);
      return result.rows as Row[];
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
    close: () => pool.end(),
  };
}
