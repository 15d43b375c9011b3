import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { conflictCode, isDatabaseUnavailable, retryTransient } from './retry-transient';

// PostgreSQL only (*.pg.test.ts): a deadlock needs two connections. The other side is a bare pg client, which
// nothing retries, so the only retry in play is ours; its waits start later, so PostgreSQL picks ours as the victim.
const table = `conflict_test_${process.pid}_${Date.now()}`;
let other: pg.Client;

beforeAll(async () => {
  other = new pg.Client({ connectionString: inject('databaseUrl') });
  await other.connect();
  await other.query(`create table ${table} (id int primary key, n int not null default 0)`);
  await other.query(`insert into ${table} (id) values (1), (2)`);
});

afterAll(async () => {
  await other.query(`drop table ${table}`);
  await other.end();
});

const waitFor = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('transient failures on the server pool', () => {
  it('a transaction chosen as a deadlock victim runs again from the start and commits', async () => {
    const { db } = await getDatabase();
    let attempts = 0;
    let otherHoldsTwo = false;
    const ours = db.transaction(async (tx) => {
      attempts++;
      await tx.execute(sql.raw(`update ${table} set n = n + 1 where id = 1`));
      await waitFor(() => otherHoldsTwo);
      await tx.execute(sql.raw(`update ${table} set n = n + 1 where id = 2`));
    });
    await other.query('begin');
    await other.query(`update ${table} set n = n + 10 where id = 2`);
    otherHoldsTwo = true;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await other.query(`update ${table} set n = n + 10 where id = 1`);
    await other.query('commit');

    await ours;
    expect(attempts).toBe(2);
    const { rows } = await other.query(`select id, n from ${table} order by id`);
    expect(rows).toEqual([
      { id: 1, n: 11 },
      { id: 2, n: 11 },
    ]);
  });

  it('a statement on its own (autocommit) that deadlocks is run again, not answered with the error', async () => {
    const { db } = await getDatabase();
    await other.query(`update ${table} set n = 0`);
    await other.query('begin');
    await other.query(`update ${table} set n = n + 10 where id = 2`);
    // Ours takes row 1, then waits on row 2; the other then waits on row 1: a cycle, found first by ours.
    // A drizzle query runs when awaited: `then` starts it now.
    const ours = db
      .execute(sql.raw(`update ${table} set n = n + 1 where id in (select id from ${table} order by id for update)`))
      .then((result) => result);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await other.query(`update ${table} set n = n + 10 where id = 1`);
    await other.query('commit');

    await ours;
    const { rows } = await other.query(`select id, n from ${table} order by id`);
    expect(rows).toEqual([
      { id: 1, n: 11 },
      { id: 2, n: 11 },
    ]);
  });

  it('a transaction whose connection the server terminates (a restart) runs again on a new one and commits', async () => {
    const { db } = await getDatabase();
    await other.query(`update ${table} set n = 0`);
    let attempts = 0;
    await db.transaction(async (tx) => {
      attempts++;
      await tx.execute(sql.raw(`update ${table} set n = n + 1 where id = 1`));
      if (attempts === 1) {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        await other.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      }
      await tx.execute(sql.raw(`update ${table} set n = n + 1 where id = 2`));
    });

    expect(attempts).toBe(2);
    const { rows } = await other.query(`select id, n from ${table} order by id`);
    expect(rows).toEqual([
      { id: 1, n: 1 },
      { id: 2, n: 1 },
    ]);
  });

  it('knows a conflict by its SQLSTATE, also wrapped as a cause', () => {
    expect(conflictCode(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe('40P01');
    expect(conflictCode(new Error('wrapped', { cause: { code: '40001' } }))).toBe('40001');
    expect(conflictCode(Object.assign(new Error('unique'), { code: '23505' }))).toBeUndefined();
    expect(conflictCode('40P01')).toBeUndefined();
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: { code: '57P01' } }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('unique'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('connect ECONNREFUSED secret-db-host:5432'))).toBe(false);
  });

  it('runs again a transaction whose rollback met a reset socket (a terminated backend), never one whose commit did', async () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    const failedAt = (query: string) => Object.assign(new Error(`Failed query: ${query}`, { cause: reset }), { query });
    for (const [query, runs] of [
      ['rollback', 2],
      ['begin', 2],
      ['commit', 1],
    ] as const) {
      let attempts = 0;
      const outcome = await retryTransient('test', async () => {
        attempts++;
        if (attempts === 1) throw failedAt(query);
        return 'done';
      }).catch((error: Error) => error);
      expect([query, attempts]).toEqual([query, runs]);
      expect(outcome === 'done' || isDatabaseUnavailable(outcome)).toBe(true);
    }
  });
});
