/**
 * What a request produced, before it becomes a Response: stored verbatim for idempotent replays. `later` (long
 * polls only, never replayed) is a body still to come: the status and headers are final, the bytes follow.
 */
export type Outcome = { status: number; body: unknown; headers?: Record<string, string>; later?: Promise<Uint8Array> };

const REPLY = Symbol('reply');

export type Reply<T> = {
  [REPLY]: true;
  status: number;
  data: T;
  headers?: Record<string, string>;
  raw?: true;
  later?: Promise<unknown>;
};

/** Lets a handler pick a status other than the operation's success status (e.g. 503 from deep health). */
export function reply<T>(status: number, data: T, headers?: Record<string, string>): Reply<T> {
  return { [REPLY]: true, status, data, headers };
}

/**
 * A reply whose body is sent exactly as given: no `{data}` envelope, no response-schema check. For the
 * few bodies a protocol fixes (the x402 402 body: the error envelope plus `x402Version` and `accepts`).
 */
export function rawReply<T>(status: number, body: T, headers?: Record<string, string>): Reply<T> {
  return { [REPLY]: true, status, data: body, headers, raw: true };
}

/**
 * A 200 whose data is still to come (a long poll that has to wait). The status line and headers are sent at
 * once and the body when `data` settles, so the framework's per-response work is done while the client waits,
 * not when thousands of waiters wake together. `data` must not reject: a wait that cannot finish resolves to
 * an answer that tells the client to ask again.
 */
export function laterReply<T>(data: Promise<T>, headers?: Record<string, string>): Reply<undefined> {
  return { [REPLY]: true, status: 200, data: undefined, headers, later: data };
}

export function isReply(value: unknown): value is Reply<unknown> {
  return typeof value === 'object' && value !== null && REPLY in value;
}
