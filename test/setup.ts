import { afterAll, beforeAll, inject } from 'vitest';
import { type Database, openDatabase, setDatabase } from '@/db/client';
import { flushUsageLog } from '@/lib/api/usage-log';

process.env.LOG_LEVEL ??= 'silent';

let database: Database | undefined;

beforeAll(async () => {
  database =
    process.env.TEST_DB === 'pglite'
      ? await openDatabase({ driver: 'pglite', dataDir: 'memory://' })
      : await openDatabase({ driver: 'pg', url: inject('databaseUrl'), maxConnections: 20 });
  setDatabase(database);
});

afterAll(async () => {
  await flushUsageLog();
  setDatabase(undefined);
  await database?.close();
});
