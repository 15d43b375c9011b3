import { describe, expect, inject, it } from 'vitest';
import { getDatabase, openDatabase } from '@/db/client';
import { ensureWindowRoom } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { authenticate } from './authenticate';

// PostgreSQL only (*.pg.test.ts): PGlite is one process by design, so it has no second instance to share with.
describe('authenticate() across instances', () => {
  it('counts a key’s requests in the database, so two instances (two connection pools) share one limit', async () => {
    const first = await getDatabase();
    const second = await openDatabase({ driver: 'pg', url: inject('databaseUrl'), maxConnections: 2 });
    try {
      const user = await insertUser(first.db);
      const { key } = await insertApiKey(first.db, { userId: user.id, rateLimitPerMinute: 5 });
      await ensureWindowRoom(60, 5);
      const counts: number[] = [];
      for (const instance of [first, second, first, second, second]) {
        const result = await authenticate(instance, key);
        counts.push(result?.rate.count ?? -1);
      }
      expect(counts).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await second.close();
    }
  });
});
