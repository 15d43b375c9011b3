import { describe, expect, it } from 'vitest';
import type { ListenHandlers } from '@/db/database';
import { Hub } from './hub';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stand-in for the database's LISTEN that the test drives by hand. */
function fakeListen() {
  const handlers: ListenHandlers[] = [];
  return {
    handlers,
    listen: async (_channel: string, handler: ListenHandlers) => {
      handlers.push(handler);
      return async () => {};
    },
    notify: (payload: string) => {
      for (const handler of handlers) handler.onNotify(payload);
    },
    reconnect: () => {
      for (const handler of handlers) handler.onReconnect();
    },
  };
}

describe('Hub', () => {
  it('wakes the waiters of one key only, and LISTENs once for all of them', async () => {
    const fake = fakeListen();
    const hub = new Hub({ channel: 'test_channel', listen: fake.listen });
    const [a1, a2, b] = await Promise.all([hub.subscribe('a'), hub.subscribe('a'), hub.subscribe('b')]);
    expect(fake.handlers).toHaveLength(1);
    expect(hub.size).toBe(3);
    const waits = [a1.next(5_000), a2.next(5_000), b.next(200)];
    fake.notify('a');
    expect(await Promise.all(waits)).toEqual(['wake', 'wake', 'timeout']);
    for (const subscription of [a1, a2, b]) subscription.close();
    expect(hub.size).toBe(0);
  });

  it('latches a wake-up that arrives while the waiter is busy querying', async () => {
    const fake = fakeListen();
    const hub = new Hub({ channel: 'test_channel', listen: fake.listen });
    const subscription = await hub.subscribe('task');
    const before = performance.now();
    fake.notify('task');
    const wokenAt = subscription.wokenAt();
    expect(wokenAt).toBeGreaterThanOrEqual(before);
    await sleep(20);
    expect(await subscription.next(10)).toBe('wake');
    expect(subscription.wokenAt()).toBe(wokenAt);
    expect(await subscription.next(10)).toBe('timeout');
    subscription.close();
  });

  it('wakes everyone after the listener reconnects', async () => {
    const fake = fakeListen();
    const hub = new Hub({ channel: 'test_channel', listen: fake.listen });
    const subscriptions = await Promise.all(['x', 'y', 'z'].map((key) => hub.subscribe(key)));
    const waits = subscriptions.map((subscription) => subscription.next(5_000));
    fake.reconnect();
    expect(await Promise.all(waits)).toEqual(['wake', 'wake', 'wake']);
    for (const subscription of subscriptions) subscription.close();
  });

  it('ends a wait on abort, and at once for an already aborted signal', async () => {
    const hub = new Hub({ channel: 'test_channel', listen: fakeListen().listen });
    const subscription = await hub.subscribe('task');
    const controller = new AbortController();
    const waiting = subscription.next(5_000, controller.signal);
    controller.abort();
    expect(await waiting).toBe('abort');
    expect(await subscription.next(5_000, controller.signal)).toBe('abort');
    subscription.close();
  });

  it('without a listener, the recheck polls with one query for every waiting key', async () => {
    const asked: string[][] = [];
    const hub = new Hub({
      channel: 'test_channel',
      recheck: async (keys) => {
        asked.push([...keys].sort());
        return keys.filter((key) => key === 'busy');
      },
      pollMs: 50,
    });
    const busy = await hub.subscribe('busy');
    const quiet = await hub.subscribe('quiet');
    expect(await Promise.all([busy.next(2_000), quiet.next(300)])).toEqual(['wake', 'timeout']);
    expect(asked[0]).toEqual(['busy', 'quiet']);
    busy.close();
    quiet.close();
    const rounds = asked.length;
    await sleep(150);
    expect(asked.length).toBe(rounds);
  });

  it('a failed LISTEN falls back to polling and is retried', async () => {
    let attempts = 0;
    const hub = new Hub({
      channel: 'test_channel',
      listen: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('connection refused');
        return async () => {};
      },
      recheck: async (keys) => keys,
      pollMs: 50,
    });
    const subscription = await hub.subscribe('task');
    expect(await subscription.next(2_000)).toBe('wake');
    expect(attempts).toBe(2);
    subscription.close();
  });
});
