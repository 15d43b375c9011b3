import { createScratchDatabase, dropScratchDatabase } from '@/db/scratch-database';

// One fresh database per run on the real server; dropped afterwards so runs never see each other.
export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  if (process.env.TEST_DB === 'pglite') return;
  const serverUrl = process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = await createScratchDatabase(serverUrl, 'legwork_test');
  provide('databaseUrl', databaseUrl);
  return () => dropScratchDatabase(serverUrl, databaseUrl);
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
