/**
 * What a request produced, before it becomes a Response: stored verbatim for idempotent replays. `later` (long
 * polls only, never replayed) is a body still to come: the status and headers are final, the bytes follow.
 */
export type Outcome = { status: number; body: unknown; headers?: Record<string, string>; later?: Promise<Uint8Array> };

const REPLY = Symbol('reply');

/** A handler's answer with a chosen status; `data` is checked against the operation's schema for that status. */
export type Reply<T> = {
  [REPLY]: true;
  status: number;
  data: T;
  headers?: Record<string, string>;
  raw?: undefined;
  later?: undefined;
};

/** A reply sent verbatim (see rawReply): no schema, so its body is not part of the operation's type. */
export type RawReply = Omit<Reply<unknown>, 'raw'> & { raw: true };

/** A 200 whose data (of type T) is still to come (see laterReply). */
export type LaterReply<T> = Omit<Reply<undefined>, 'later'> & { status: 200; later: Promise<T> };

/** Any of the three, as the pipeline sees them. */
export type AnyReply = Reply<unknown> | RawReply | LaterReply<unknown>;

/** Lets a handler pick a status other than the operation's success status (e.g. 503 from deep health). */
export function reply<T>(status: number, data: T, headers?: Record<string, string>): Reply<T> {
  return { [REPLY]: true, status, data, headers };
}

/**
 * A reply whose body is sent exactly as given: no `{data}` envelope, no response-schema check. For the
 * few bodies a protocol fixes (the x402 402 body: the error envelope plus `x402Version` and `accepts`).
 */
export function rawReply(status: number, body: unknown, headers?: Record<string, string>): RawReply {
  return { [REPLY]: true, status, data: body, headers, raw: true };
}

/**
 * A 200 whose data is still to come (a long poll that has to wait). The status line and headers are sent at
 * once and the body when `data` settles, so the framework's per-response work is done while the client waits,
 * not when thousands of waiters wake together. `data` must not reject: a wait that cannot finish resolves to
 * an answer that tells the client to ask again.
 */
export function laterReply<T>(data: Promise<T>, headers?: Record<string, string>): LaterReply<T> {
  return { [REPLY]: true, status: 200, data: undefined, headers, later: data };
}

export function isReply(value: unknown): value is AnyReply {
  return typeof value === 'object' && value !== null && REPLY in value;
}
