import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './database';

const PLACE_PRECISION = '0033_place_precision';

// A scratch PGlite migrated to just before 0033 holds tasks placed before precision was stored; 0033 derives it.
describe('migration 0033: a task place’s precision', () => {
  it('a located task without an address is a city, one with an address an address, a remote one none', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'legwork-migrations-'));
    const client = await PGlite.create('memory://', { extensions: { cube, earthdistance } });
    try {
      cpSync(migrationsFolder, folder, { recursive: true });
      const journalPath = path.join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
      const at = journal.entries.findIndex((entry: { tag: string }) => entry.tag === PLACE_PRECISION);
      expect(at).toBeGreaterThan(0);
      journal.entries = journal.entries.slice(0, at);
      writeFileSync(journalPath, JSON.stringify(journal));
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: folder });

      // Their requesters are left out (the foreign key is not what is tested here).
      await client.exec(`set session_replication_role = replica`);
      const insert = (title: string, lat: number | null, address: string | null) =>
        client.query(
          `insert into tasks (requester_id, title, category, lat, lng, address, budget_cents, platform_fee_cents,
             total_cents, deadline, livemode)
           values ($1, $2, 'other', $3, $3, $4, 2000, 300, 2300, now() + interval '1 day', false)`,
          [randomUUID(), title, lat, address],
        );
      await insert('remote', null, null);
      await insert('city', 45.748, null);
      await insert('address', 45.748, '12 rue de la République, Lyon');
      await migrate(db, { migrationsFolder });
      await client.exec(`set session_replication_role = origin`);
      const { rows } = await client.query('select title, place_precision from tasks order by title');
      expect(rows).toEqual([
        { title: 'address', place_precision: 'address' },
        { title: 'city', place_precision: 'city' },
        { title: 'remote', place_precision: null },
      ]);
    } finally {
      await client.close();
      rmSync(folder, { recursive: true, force: true });
    }
    // Thirty-odd migrations in WebAssembly, from initdb: slow on a loaded machine.
  }, 120_000);
});
