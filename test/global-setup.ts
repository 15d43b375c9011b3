import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migratedSnapshot } from '@/db/drivers/pglite';
import { createScratchDatabase, dropScratchDatabase } from '@/db/scratch-database';

// One fresh database per run on the real server; dropped afterwards so runs never see each other.
export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  if (process.env.TEST_DB === 'pglite') return providePgliteSnapshot(provide);
  const serverUrl = process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = await createScratchDatabase(serverUrl, 'legwork_test');
  provide('databaseUrl', databaseUrl);
  return () => dropScratchDatabase(serverUrl, databaseUrl);
}

// PGlite: every test file gets its own in-memory database. initdb + migrations cost seconds per file
// (WebAssembly), so they run once here; each file loads the dumped result instead.
async function providePgliteSnapshot(provide: (key: string, value: string) => void) {
  const file = path.join(tmpdir(), `legwork-pglite-${process.pid}-${Date.now()}.tar`);
  writeFileSync(file, Buffer.from(await (await migratedSnapshot()).arrayBuffer()));
  provide('pgliteSnapshot', file);
  return () => rmSync(file, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    databaseUrl: string;
  }
}
