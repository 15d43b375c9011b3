import type { RouteHandler } from '@/lib/api/route';
import { PEER_ADDRESS_HEADER } from '@/lib/config/client-address';
import type { TestJson } from './json';

export type CallOptions = {
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string is sent as is. */
  body?: unknown;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** The TCP peer address, as server.ts passes it (PEER_ADDRESS_HEADER). */
  ip?: string;
  token?: string;
};

export type CallResult = { status: number; headers: Headers; json: TestJson; text: string };

/** Calls a route handler with a real Request, exactly as Next.js does, and reads the Response. */
export async function call(handler: RouteHandler, path: string, options: CallOptions = {}): Promise<CallResult> {
  const method = handlerMethod(handler);
  const url = new URL(path, 'http://localhost:3000');
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers = new Headers(options.headers);
  if (options.ip) headers.set(PEER_ADDRESS_HEADER, options.ip);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  return send(handler, new Request(url, { method, headers, body }), options.params);
}

function handlerMethod(handler: RouteHandler): string {
  return handler.operation.method;
}

let ipCounter = 0;
const group = (value: number) => (0x8000 | (value & 0x7fff)).toString(16);
/**
 * A fresh client address per call, so per-IP rate limits of one test never touch another. Test files
 * run in parallel processes against one database, so the address carries the process id and a counter
 * (unique within a run), both in its first 64 bits: per-IP limits count an IPv6 client by its /64. Every group
 * is non-zero without a leading zero, so it is also exactly how Postgres prints the inet.
 */
export function uniqueIp(): string {
  ipCounter += 1;
  const pid = process.pid;
  const first = `fd${(0x80 | ((pid >>> 15) & 0x7f)).toString(16)}`;
  return [first, group(pid), group(ipCounter >>> 15), group(ipCounter), '1e9', '1e9', '1e9', '1e9'].join(':');
}

/** Another address in the /64 of a `uniqueIp()`: `host` is its last four groups (`'ffff:0:0:7'`). */
export const sameSlash64 = (ip: string, host: string) => `${ip.split(':').slice(0, 4).join(':')}:${host}`;

/** Calls a handler with a Request built by the test (streamed bodies, odd headers) and reads the Response. */
export async function send(
  handler: (request: Request, context: { params: Promise<Record<string, string>> }) => Response | Promise<Response>,
  request: Request,
  params: Record<string, string> = {},
): Promise<CallResult> {
  return readResult(await handler(request, { params: Promise.resolve(params) }));
}

/** Status, headers, raw text and (when it parses) JSON of a Response. */
export async function readResult(response: Response): Promise<CallResult> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}
