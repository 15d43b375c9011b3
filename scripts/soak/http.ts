import { randomUUID } from 'node:crypto';

// The soak's HTTP client: a round-robin "load balancer" over the live instances, and a record of every answer
// (operation, status, latency, instance) that the checks and the figures read afterwards.

export type Sample = {
  op: string;
  status: number; // 0 = the connection failed (refused, reset, timed out)
  ms: number;
  at: number;
  instance: string;
  phase: string;
  error?: string;
  retried?: boolean;
};

export type Answer = { status: number; body: unknown; headers: Headers };

export type CallOptions = {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sets an Idempotency-Key on a POST (the default for POST). A retry after a dead connection resends it. */
  idempotencyKey?: string;
  /** The caller's client address (X-Forwarded-For; the instances trust loopback as a proxy). */
  ip?: string;
  /** Client-side timeout; a long poll passes its own. */
  timeoutMs?: number;
  /** A write that got no answer is retried this many times with the same key, on the next instance. */
  retries?: number;
};

export class Balancer {
  readonly samples: Sample[] = [];
  phase = 'setup';
  /** 409 IDEMPOTENCY_KEY_IN_USE answers waited out (a retry whose first attempt died with an instance). */
  keyInUseWaits = 0;
  private next = 0;
  private ipCounter = 0;

  constructor(private readonly instances: { name: string; url: () => string | undefined }[]) {}

  /** A fresh client address, so per-IP limits (sign-up, 20 a minute) never couple the soak's actors. */
  uniqueIp(): string {
    const n = ++this.ipCounter;
    return `10.77.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  }

  private pick(): { name: string; base: string } | undefined {
    for (let i = 0; i < this.instances.length; i++) {
      const instance = this.instances[this.next++ % this.instances.length];
      const base = instance?.url();
      if (instance && base) return { name: instance.name, base };
    }
    return undefined;
  }

  /** One operation: answered (any status), or throws after its retries when no instance answered. */
  async call(op: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    const key = method === 'POST' ? (options.idempotencyKey ?? randomUUID()) : undefined;
    const attempts = 1 + (options.retries ?? (method === 'GET' ? 1 : 4));
    let lastError: unknown;
    const firstAt = Date.now();
    // A write keeps trying for WRITE_PATIENCE_MS however many attempts that takes: while the balancer still picks a
    // killed instance, five quick refusals would give up on a write whose first attempt may have charged a card,
    // leaving its draft to the 5-minute reconciliation, which no soak waits for.
    const patient = () => key !== undefined && Date.now() - firstAt < WRITE_PATIENCE_MS;
    for (let attempt = 0; attempt < attempts || patient(); attempt++) {
      const target = this.pick();
      if (!target) {
        await sleep(250);
        continue;
      }
      const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? '10.78.0.1', ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (key) headers['idempotency-key'] = key;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const started = performance.now();
      const at = Date.now();
      try {
        const response = await fetch(target.base + path, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        });
        const text = await response.text();
        this.record({
          op,
          status: response.status,
          ms: performance.now() - started,
          at,
          instance: target.name,
          retried: attempt > 0,
        });
        const body = parse(text);
        // The first request of this key died with its instance and its lock outlives it: wait and ask again, as the
        // hint says, until the lock is released or expires.
        if (key && response.status === 409 && isKeyInUse(body) && Date.now() - firstAt < KEY_IN_USE_PATIENCE_MS) {
          this.keyInUseWaits += 1;
          attempt -= 1;
          await sleep(2_000);
          continue;
        }
        return { status: response.status, body, headers: response.headers };
      } catch (error) {
        lastError = error;
        const message = describeError(error);
        this.record({
          op,
          status: 0,
          ms: performance.now() - started,
          at,
          instance: target.name,
          error: message,
          retried: attempt > 0,
        });
        await sleep(200 + Math.random() * 400);
      }
    }
    throw new Error(`${op} ${path}: no answer after ${attempts} attempts (${describeError(lastError)})`);
  }

  private record(sample: Omit<Sample, 'phase'>) {
    this.samples.push({ ...sample, phase: this.phase });
  }
}

const KEY_IN_USE_PATIENCE_MS = 90_000;
const WRITE_PATIENCE_MS = 30_000;

function isKeyInUse(body: unknown): boolean {
  return (body as { error?: { code?: string } } | undefined)?.error?.code === 'IDEMPOTENCY_KEY_IN_USE';
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? error.name ?? error.message;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
