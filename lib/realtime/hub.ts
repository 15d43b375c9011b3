import type { ListenHandlers, Unlisten } from '@/db/database';
import { logger } from '@/lib/logger';

// In-memory fan-out of Postgres notifications to long-poll waiters keyed by a string (a task id). One LISTEN per
// process feeds every waiter; a waiter subscribes BEFORE it queries (so a wake-up between its query and its wait
// is latched, never lost), then waits for a wake-up, a timeout or the client leaving, and queries again.

export type WaitResult = 'wake' | 'timeout' | 'abort';

export type Subscription = {
  /** Resolves at the next wake-up (at once if one came since the last call), at the timeout or on abort. */
  next(timeoutMs: number, signal?: AbortSignal): Promise<WaitResult>;
  /** performance.now() of the latest wake-up: a query started after it sees what caused it. */
  wokenAt(): number;
  close(): void;
};

export type HubOptions = {
  channel: string;
  /** The database's dedicated LISTEN; absent (serverless) means the hub relies on `recheck` alone. */
  listen?: (channel: string, handlers: ListenHandlers) => Promise<Unlisten>;
  /**
   * The safety net for lost notifications: which of `keys` had activity within the last `windowMs`. Runs every
   * `recheckMs` while anyone waits (one query for all waiters), and `pollMs` while there is no listener.
   */
  recheck?: (keys: string[], windowMs: number) => Promise<string[]>;
  recheckMs?: number;
  pollMs?: number;
};

type Waiter = { pending: boolean; wokenAt: number; settle?: (result: WaitResult) => void };

// A notification is sent at commit, a row is stamped a moment before: the window reaches back past the interval.
const RECHECK_MARGIN_MS = 2_000;

// Hubs that have waiters, and whether the instance is shutting down. On globalThis: server.ts and Next's bundle
// each load their own copy of this module, and one shutdown must answer the waiters of both.
type Drainable = { drain(): void };
const holder = globalThis as typeof globalThis & {
  __legworkHubsWithWaiters?: Set<Drainable>;
  __legworkHubsDrained?: boolean;
};
holder.__legworkHubsWithWaiters ??= new Set();
const hubsWithWaiters = holder.__legworkHubsWithWaiters;

/**
 * Ends every wait of this process at once, as its timeout would (a long poll answers its empty page), and every
 * wait to come: a shutting-down instance parks nobody, so its clients poll again elsewhere.
 */
export function drainWaiters(): void {
  holder.__legworkHubsDrained = true;
  for (const hub of hubsWithWaiters) hub.drain();
}

/** Lets waits park again (tests, after drainWaiters). */
export function resumeWaiters(): void {
  holder.__legworkHubsDrained = false;
}

export class Hub {
  private readonly waiters = new Map<string, Set<Waiter>>();
  private listening: Promise<boolean> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private timerMs = 0;
  private checking = false;
  private count = 0;

  constructor(private readonly options: HubOptions) {}

  /** How many waiters are registered (for tests and the benchmark). */
  get size(): number {
    return this.count;
  }

  async subscribe(key: string): Promise<Subscription> {
    await this.start();
    const waiter: Waiter = { pending: false, wokenAt: 0 };
    let set = this.waiters.get(key);
    if (!set) {
      set = new Set();
      this.waiters.set(key, set);
    }
    set.add(waiter);
    this.count += 1;
    hubsWithWaiters.add(this);
    this.schedule();
    let closed = false;
    return {
      next: (timeoutMs, signal) => this.next(waiter, timeoutMs, signal),
      wokenAt: () => waiter.wokenAt,
      close: () => {
        if (closed) return;
        closed = true;
        waiter.settle?.('abort');
        const current = this.waiters.get(key);
        current?.delete(waiter);
        if (current?.size === 0) this.waiters.delete(key);
        this.count -= 1;
        if (this.count === 0) hubsWithWaiters.delete(this);
        this.schedule();
      },
    };
  }

  /** Wakes every waiter of `key`. */
  wake(key: string): void {
    for (const waiter of this.waiters.get(key) ?? []) wakeWaiter(waiter);
  }

  /** Wakes everyone, e.g. after the listener reconnected: notifications sent meanwhile are lost. */
  wakeAll(): void {
    for (const set of this.waiters.values()) for (const waiter of set) wakeWaiter(waiter);
  }

  /** Ends every wait as its timeout would (see drainWaiters). */
  drain(): void {
    for (const set of this.waiters.values()) for (const waiter of set) waiter.settle?.('timeout');
  }

  /** Starts listening once; a failed LISTEN is retried by the next subscriber, the recheck polls meanwhile. */
  private async start(): Promise<void> {
    const { listen, channel } = this.options;
    if (!listen) return;
    this.listening ??= listen(channel, { onNotify: (key) => this.wake(key), onReconnect: () => this.wakeAll() }).then(
      () => true,
      (error: unknown) => {
        logger.warn('realtime: LISTEN failed, polling until it works', { channel, error });
        this.listening = undefined;
        return false;
      },
    );
    await this.listening;
  }

  private next(waiter: Waiter, timeoutMs: number, signal?: AbortSignal): Promise<WaitResult> {
    if (holder.__legworkHubsDrained) return Promise.resolve('timeout');
    if (waiter.pending) {
      waiter.pending = false;
      return Promise.resolve('wake');
    }
    if (signal?.aborted) return Promise.resolve('abort');
    return new Promise((resolve) => {
      const onAbort = () => done('abort');
      const timer = setTimeout(() => done('timeout'), Math.max(0, timeoutMs));
      const done = (result: WaitResult) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        waiter.settle = undefined;
        if (result === 'wake') waiter.pending = false;
        resolve(result);
      };
      waiter.settle = done;
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Runs the safety recheck while anyone waits: slowly with a listener, faster without one. */
  private schedule(): void {
    const { recheck, recheckMs = 7_500, pollMs = 1_000 } = this.options;
    const wanted = !recheck || this.count === 0 ? 0 : this.options.listen && this.listening ? recheckMs : pollMs;
    if (wanted === this.timerMs) return;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.timerMs = wanted;
    if (wanted === 0) return;
    this.timer = setInterval(() => void this.recheck(wanted), wanted);
    this.timer.unref();
  }

  private async recheck(intervalMs: number): Promise<void> {
    if (this.checking || !this.options.recheck) return;
    this.checking = true;
    try {
      if (this.options.listen && !this.listening) await this.start();
      const keys = [...this.waiters.keys()];
      if (keys.length > 0)
        for (const key of await this.options.recheck(keys, intervalMs + RECHECK_MARGIN_MS)) this.wake(key);
    } catch (error) {
      logger.warn('realtime: safety recheck failed', { channel: this.options.channel, error });
    } finally {
      this.checking = false;
      this.schedule();
    }
  }
}

function wakeWaiter(waiter: Waiter): void {
  waiter.wokenAt = performance.now();
  if (waiter.settle) waiter.settle('wake');
  else waiter.pending = true;
}
