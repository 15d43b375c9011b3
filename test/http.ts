import type { RouteHandler } from '@/lib/api/route';

export type CallOptions = {
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string is sent as is. */
  body?: unknown;
  params?: Record<string, string>;
  query?: Record<string, string>;
  ip?: string;
  token?: string;
};

export type CallResult = { status: number; headers: Headers; json: any; text: string };

/** Calls a route handler with a real Request, exactly as Next.js does, and reads the Response. */
export async function call(handler: RouteHandler, path: string, options: CallOptions = {}): Promise<CallResult> {
  const method = handlerMethod(handler);
  const url = new URL(path, 'http://localhost:3000');
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers = new Headers(options.headers);
  if (options.ip) headers.set('x-forwarded-for', options.ip);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const response = await handler(new Request(url, { method, headers, body }), {
    params: Promise.resolve(options.params ?? {}),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

function handlerMethod(handler: RouteHandler): string {
  return handler.operation.method;
}

let ipCounter = 0;
/** A fresh client address per test, so per-IP rate limits of one test never touch another. */
export function uniqueIp(): string {
  ipCounter += 1;
  const n = (process.pid % 200) * 1000 + ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
