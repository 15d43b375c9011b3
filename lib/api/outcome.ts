// Stored verbatim for idempotent replays. `later` (long polls only, never replayed) is a body still to come.
export type Outcome = { status: number; body: unknown; headers?: Record<string, string>; later?: Promise<Uint8Array> };

const REPLY = Symbol('reply');

export type Reply<T> = {
  [REPLY]: true;
  status: number;
  data: T;
  headers?: Record<string, string>;
  raw?: undefined;
  later?: undefined;
};

export type RawReply = Omit<Reply<unknown>, 'raw'> & { raw: true };

export type LaterReply<T> = Omit<Reply<undefined>, 'later'> & { status: 200; later: Promise<T> };

export type AnyReply = Reply<unknown> | RawReply | LaterReply<unknown>;

export function reply<T>(status: number, data: T, headers?: Record<string, string>): Reply<T> {
  return { [REPLY]: true, status, data, headers };
}

// No `{data}` envelope, no response-schema check: for the few bodies a protocol fixes (the x402 402 body).
export function rawReply(status: number, body: unknown, headers?: Record<string, string>): RawReply {
  return { [REPLY]: true, status, data: body, headers, raw: true };
}

// Status and headers go out at once and the body when `data` settles, so the per-response work is done while the
// client waits, not when thousands of waiters wake together. `data` must not reject.
export function laterReply<T>(data: Promise<T>, headers?: Record<string, string>): LaterReply<T> {
  return { [REPLY]: true, status: 200, data: undefined, headers, later: data };
}

export function isReply(value: unknown): value is AnyReply {
  return typeof value === 'object' && value !== null && REPLY in value;
}
