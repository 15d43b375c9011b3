import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

// A scratch PostgreSQL cluster of the soak's own (initdb in a temp dir, trust auth, a free port), so the suite may
// restart it (`pg_ctl restart -m fast`) without touching anyone else's server.

export type Cluster = {
  url: string;
  port: number;
  restart(): void;
  stop(): void;
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
};

export async function startCluster(): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'legwork-soak-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const run = asServerUser(dir);
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  // Small and fast: the data is thrown away. max_connections covers two instances' pools, the worker and the suite.
  writeFileSync(
    path.join(data, 'postgresql.auto.conf'),
    [
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'max_connections = 100',
      'shared_buffers = 64MB',
    ]
      .map((line) => `${line}\n`)
      .join(''),
  );
  const pgCtl = (...args: string[]) => run('pg_ctl', ['-D', data, '-w', '-t', '60', ...args]);
  pgCtl('-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', path.join(dir, 'log'), 'start');
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database legwork');
  await admin.end();
  const url = `postgres://postgres@127.0.0.1:${port}/legwork`;
  // The suite's own reads reconnect on demand: a pool survives the restarts it causes.
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pool.on('error', () => undefined);
  return {
    url,
    port,
    restart: () => pgCtl('-m', 'fast', 'restart'),
    stop: () => {
      try {
        pgCtl('-m', 'immediate', 'stop');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    query: async <Row>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as Row[],
    close: () => pool.end(),
  };
}

/**
 * PostgreSQL refuses to run as root (CI containers often are): then the cluster belongs to the `postgres` user,
 * and its commands run as that user.
 */
function asServerUser(dir: string): (command: string, args: string[]) => void {
  if (process.getuid?.() !== 0) return (command, args) => void execFileSync(command, args, { stdio: 'ignore' });
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, uid, gid);
  chmodSync(dir, 0o700);
  return (command, args) =>
    void execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'ignore' });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
