/** What a request produced, before it becomes a Response: stored verbatim for idempotent replays. */
export type Outcome = { status: number; body: unknown; headers?: Record<string, string> };

const REPLY = Symbol('reply');

export type Reply<T> = { [REPLY]: true; status: number; data: T; headers?: Record<string, string>; raw?: true };

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

export function isReply(value: unknown): value is Reply<unknown> {
  return typeof value === 'object' && value !== null && REPLY in value;
}
