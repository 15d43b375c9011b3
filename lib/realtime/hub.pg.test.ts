import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createPgListener } from '@/db/drivers/pg-listener';
import { Hub } from './hub';

// PostgreSQL only (*.pg.test.ts): the real dedicated LISTEN connection, fed by NOTIFYs from other connections.
const CHANNEL = 'legwork_hub_test';

async function rawClient() {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  return client;
}

describe('Hub on a real LISTEN connection', () => {
  it('a NOTIFY from another connection wakes the waiters of that key, after commit only', async () => {
    const listener = createPgListener(inject('databaseUrl'));
    const hub = new Hub({ channel: CHANNEL, listen: listener.listen });
    const other = await rawClient();
    try {
      const subscription = await hub.subscribe('task-1');
      await other.query('begin');
      await other.query('select pg_notify($1, $2)', [CHANNEL, 'task-1']);
      await other.query('rollback');
      expect(await subscription.next(300)).toBe('timeout');
      const waiting = subscription.next(2_000);
      const sentAt = performance.now();
      await other.query('select pg_notify($1, $2)', [CHANNEL, 'task-2']);
      await other.query('select pg_notify($1, $2)', [CHANNEL, 'task-1']);
      expect(await waiting).toBe('wake');
      expect(performance.now() - sentAt).toBeLessThan(500);
      subscription.close();
    } finally {
      await other.end();
      await listener.close();
    }
  });

  it('reconnects after its connection is killed, wakes every waiter, and hears notifications again', async () => {
    const listener = createPgListener(inject('databaseUrl'));
    const hub = new Hub({ channel: CHANNEL, listen: listener.listen });
    const other = await rawClient();
    try {
      const a = await hub.subscribe('task-a');
      const b = await hub.subscribe('task-b');
      const pid = listener.backendPid();
      expect(pid).toBeGreaterThan(0);
      await other.query('select pg_terminate_backend($1)', [pid]);
      expect(await Promise.all([a.next(5_000), b.next(5_000)])).toEqual(['wake', 'wake']);
      expect(listener.backendPid()).not.toBe(pid);
      await other.query('select pg_notify($1, $2)', [CHANNEL, 'task-b']);
      expect(await Promise.all([a.next(300), b.next(2_000)])).toEqual(['timeout', 'wake']);
      a.close();
      b.close();
    } finally {
      await other.end();
      await listener.close();
    }
  });

  it('holds one connection for every channel and waiter', async () => {
    const name = `legwork-listener-test-${process.pid}`;
    const listener = createPgListener(inject('databaseUrl'), name);
    const other = await rawClient();
    try {
      const hubs = [CHANNEL, `${CHANNEL}_2`].map((channel) => new Hub({ channel, listen: listener.listen }));
      const subscriptions = await Promise.all(
        Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? hubs[0] : hubs[1])?.subscribe(`task-${i}`)),
      );
      const { rows } = await other.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where application_name = $1',
        [name],
      );
      expect(rows[0]?.n).toBe(1);
      for (const subscription of subscriptions) subscription?.close();
    } finally {
      await other.end();
      await listener.close();
    }
  });
});
