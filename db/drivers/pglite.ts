import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Database, migrationsFolder, topLevelDb } from '../database';
import * as schema from '../schema';

/** `dataDir` is a folder, or `memory://` for a throwaway database (optionally loaded from `snapshot`). */
export async function openPglite(dataDir: string, snapshot?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const releaseLock = inMemory ? () => {} : lockDataDir(dataDir);
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(inMemory ? dataDir : path.resolve(dataDir), {
      extensions,
      ...(snapshot ? { loadDataDir: snapshot } : {}),
    });
    const pgliteDb = drizzle(client, { schema, casing: 'snake_case' });
    await migrate(pgliteDb, { migrationsFolder });
    const db = topLevelDb(pgliteDb);
    const pglite = client;
    return {
      driver: 'pglite',
      db,
      async query<Row>(_name: string, text: string, params: unknown[]) {
        const result = await pglite.query<Row>(text, params);
        return result.rows;
      },
      // PGlite is one in-process connection: its own LISTEN sees every commit, and it never reconnects.
      async listen(channel, handlers) {
        return pglite.listen(channel, (payload) => handlers.onNotify(payload));
      },
      async close() {
        await pglite.close();
        releaseLock();
      },
    };
  } catch (error) {
    await client?.close().catch(() => {});
    releaseLock();
    throw error;
  }
}

const extensions = { cube, earthdistance };

/** A migrated in-memory database as a tarball: the test suite loads it per file instead of running initdb. */
export async function migratedSnapshot(): Promise<Blob> {
  const client = await PGlite.create('memory://', { extensions });
  try {
    await migrate(drizzle(client, { schema, casing: 'snake_case' }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * PGlite is a single-process database: two processes writing one folder corrupt it. A lock file with
 * the owner's pid makes the second process fail with a clear message instead.
 */
function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'legwork.lock');
  const owner = readLockOwner(lockPath);
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new Error(
      `The embedded database in ${path.resolve(dataDir)} is in use by process ${owner}. ` +
        'Stop that process, or give this one its own DATA_DIR (or a DATABASE_URL).',
    );
  }
  fs.writeFileSync(lockPath, String(process.pid));
  const release = () => {
    if (readLockOwner(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
  };
  process.once('exit', release);
  return release;
}

function readLockOwner(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
    return Number.isFinite(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
