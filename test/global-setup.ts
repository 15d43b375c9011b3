import { randomBytes } from 'node:crypto';
import pg from 'pg';

// One fresh database per run on the real server; dropped afterwards so runs never see each other.
export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  if (process.env.TEST_DB === 'pglite') return;
  const serverUrl = process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `legwork_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  provide('databaseUrl', url.toString());
  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
