import { describe, expect, inject, it } from 'vitest';
import { getDatabase, openDatabase } from '@/db/client';
import { ensureWindowRoom } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { serverDeadlocks } from '@/test/server-deadlocks';
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

describe('authenticate() under load from one operator’s many keys', () => {
  it('never deadlocks: concurrent batches lock their rate-limit buckets in one order', async () => {
    const first = await getDatabase();
    const others = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ driver: 'pg', url: inject('databaseUrl'), maxConnections: 8 })),
    );
    const instances = [first, ...others];
    try {
      const operator = await insertUser(first.db);
      const keys = await Promise.all(
        Array.from({ length: 16 }, () => insertApiKey(first.db, { userId: operator.id, rateLimitPerMinute: 10_000 })),
      );
      await ensureWindowRoom(60, 20);
      const deadlocksBefore = await serverDeadlocks();
      // 48 clients, each a loop of requests with a random key on a random instance, spread over event-loop turns so
      // that every instance has several batches in flight at once, each locking an arbitrary subset of the buckets.
      const failures: unknown[] = [];
      let answered = 0;
      await Promise.all(
        Array.from({ length: 48 }, async () => {
          for (let request = 0; request < 20; request++) {
            const { key } = pick(keys);
            const instance = pick(instances);
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
            try {
              const result = await authenticate(instance, key);
              if (result?.actor.user.id === operator.id) answered++;
              else failures.push(new Error('not authenticated'));
            } catch (error) {
              failures.push(error);
            }
          }
        }),
      );

      expect(failures.map(String).slice(0, 3)).toEqual([]);
      expect(answered).toBe(48 * 20);
      // The server's own count: a deadlock retried away would still be one (and cost a second of waiting).
      expect(await serverDeadlocks()).toBe(deadlocksBefore);
    } finally {
      await Promise.all(others.map((instance) => instance.close()));
    }
  }, 120_000);
});

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;
