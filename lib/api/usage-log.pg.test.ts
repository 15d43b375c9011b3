import { inArray } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { getDatabase, openDatabase } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { insertApiKey, insertUser } from '@/test/factories';
import { serverDeadlocks } from '@/test/server-deadlocks';
import { markKeysUsed } from './usage-log';

// PostgreSQL only (*.pg.test.ts): two instances flushing at once need two connection pools.
describe('usage log flushes from several instances', () => {
  it('stamp the same keys in one order: no deadlock, and each key keeps its latest use', async () => {
    const first = await getDatabase();
    const others = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ driver: 'pg', url: inject('databaseUrl'), maxConnections: 4 })),
    );
    try {
      const user = await insertUser(first.db);
      const keys = await Promise.all(Array.from({ length: 12 }, () => insertApiKey(first.db, { userId: user.id })));
      const ids = keys.map(({ row }) => row.id);
      const latest = new Date('2026-11-28T12:00:00Z');
      const deadlocksBefore = await serverDeadlocks();
      // Each flush stamps all the keys, in a shuffled order, as batches from many requests would.
      await Promise.all(
        [first, ...others].flatMap((instance) =>
          Array.from({ length: 15 }, (_, round) =>
            markKeysUsed(
              instance,
              [...ids]
                .sort(() => Math.random() - 0.5)
                .map((apiKeyId, index) => ({ apiKeyId, at: new Date(latest.getTime() - round * 1000 - index) })),
            ),
          ),
        ),
      );

      const rows = await first.db.select().from(apiKeys).where(inArray(apiKeys.id, ids));
      expect(rows.map((row) => row.lastUsedAt?.getTime())).toEqual(ids.map(() => expect.any(Number)));
      expect(Math.max(...rows.map((row) => row.lastUsedAt?.getTime() ?? 0))).toBe(latest.getTime());
      expect(await serverDeadlocks()).toBe(deadlocksBefore);
    } finally {
      await Promise.all(others.map((instance) => instance.close()));
    }
  }, 120_000);
});
