import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from './client';
import { execute } from './execute';

describe('execute', () => {
  it('returns the rows of raw SQL, on a database and in a transaction', async () => {
    const { db } = await getDatabase();
    const rows = await execute<{ n: number; word: string }>(db, sql`select 1::int as n, ${'hi'}::text as word`);
    expect(rows).toEqual([{ n: 1, word: 'hi' }]);
    const inTransaction = await db.transaction((tx) => execute<{ n: number }>(tx, 'select generate_series(1, 2) as n'));
    expect(inTransaction).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('returns no rows as an empty list', async () => {
    const { db } = await getDatabase();
    expect(await execute(db, sql`select 1 where false`)).toEqual([]);
  });
});
