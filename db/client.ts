import { env } from '@/lib/env';
import type { Database } from './database';

export type { Database, Db, Executor, Tx, Unlisten } from './database';

export type DatabaseConfig =
  // `snapshot`: a dumped, already-migrated data directory to start from (tests: skips initdb per file).
  | { driver: 'pglite'; dataDir: string; snapshot?: Blob }
  | { driver: 'pg'; url: string; maxConnections?: number }
  | { driver: 'neon'; url: string };

/**
 * On Vercel, POSTGRES_URL (set by its Neon integration, next to DATABASE_URL) selects the serverless
 * driver. Elsewhere DATABASE_URL wins, then POSTGRES_URL; with neither, embedded PGlite in DATA_DIR.
 */
export function databaseConfigFromEnv(): DatabaseConfig {
  const { DATABASE_URL, POSTGRES_URL, DATA_DIR, DB_POOL_MAX } = env();
  if (POSTGRES_URL && (process.env.VERCEL || !DATABASE_URL)) return { driver: 'neon', url: POSTGRES_URL };
  if (DATABASE_URL) return { driver: 'pg', url: DATABASE_URL, maxConnections: DB_POOL_MAX };
  return { driver: 'pglite', dataDir: `${DATA_DIR}/pglite` };
}

/** Opens a database and applies pending migrations. Drivers load lazily so PGlite costs nothing on pg. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  switch (config.driver) {
    case 'pglite':
      return (await import('./drivers/pglite')).openPglite(config.dataDir, config.snapshot);
    case 'pg':
      return (await import('./drivers/node-postgres')).openNodePostgres(config);
    case 'neon':
      return (await import('./drivers/neon')).openNeon(config.url);
  }
}

// Kept on globalThis so dev hot reloads reuse the one instance (and the one PGlite) of this process.
const holder = globalThis as typeof globalThis & { __legworkDatabase?: Promise<Database> };

/** The process-wide database, opened and migrated on first use. A failed open is retried next call. */
export function getDatabase(): Promise<Database> {
  if (!holder.__legworkDatabase) {
    const opening = openDatabase(databaseConfigFromEnv());
    holder.__legworkDatabase = opening;
    opening.catch(() => {
      if (holder.__legworkDatabase === opening) holder.__legworkDatabase = undefined;
    });
  }
  return holder.__legworkDatabase;
}

/** Tests and scripts install their own database (or clear it) here. */
export function setDatabase(database: Database | undefined): void {
  holder.__legworkDatabase = database ? Promise.resolve(database) : undefined;
}
