import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { resetEnvCache } from '@/lib/env';
import { getDatabase, setDatabase } from './client';

const saved = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR };

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
});

describe('getDatabase()', () => {
  it('does not cache a failed open: the next call tries again', async () => {
    const installed = await getDatabase();
    try {
      setDatabase(undefined);
      process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:1/unreachable';
      resetEnvCache();
      await expect(getDatabase()).rejects.toThrow();

      // The database is back: the same process now opens it.
      if (process.env.TEST_DB === 'pglite') {
        delete process.env.DATABASE_URL;
        process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'legwork-getdb-'));
      } else {
        process.env.DATABASE_URL = inject('databaseUrl');
      }
      resetEnvCache();
      const reopened = await getDatabase();
      expect(reopened.driver).toBe(process.env.TEST_DB === 'pglite' ? 'pglite' : 'pg');
      // One instance per process: later calls share it.
      expect(await getDatabase()).toBe(reopened);
      await reopened.close();
    } finally {
      setDatabase(installed);
    }
  });
});
