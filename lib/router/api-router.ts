import type http from 'node:http';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { methodNotAllowed, noSuchEndpoint } from '@/lib/api/no-route';
import { type Answer, LEADING_WHITESPACE } from '@/lib/api/respond';
import { PEER_ADDRESS_HEADER } from '@/lib/config/client-address';
import { ApiError } from '@/lib/errors/api-error';
import { logger } from '@/lib/logger';
import { apiTableOf, matchApiPath, type Routed } from './api-table';
import { importRouteHandlers } from './route-handlers';
import type { RouteTable } from './route-table';

/** One answered API request, for the metrics. */
export type ApiRequestSample = { operation: string; method: string; status: number; seconds: number };

// What Next's App Router answers to OPTIONS on any route file of ours (they all export the five methods, the ones
// they do not implement as 405 handlers), kept as it is: a client may already rely on it.
const OPTIONS_ALLOW = 'DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT';

// Next compresses through this middleware (next/dist/server/lib/router-server.js); the same one here compresses
// exactly what Next did: compressible types for a client that accepts gzip or deflate, whatever their size (the
// headers are written before the body), never `no-transform` answers such as a long poll's.
type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
const compress = (createRequire(import.meta.url)('next/dist/compiled/compression') as () => Middleware)();
const noop = () => {};
const FORBIDDEN_IN_FETCH = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * The /v1 API served straight from its route handlers, without Next's per-request machinery (docs/performance.md
 * "The API router"): a table built at boot from the route files' operations, the request handed to the handler as
 * a web Request, and its answer written back. The handlers are the very ones Next serves under `next dev`, so the
 * API has one implementation; only the dispatch differs.
 */
export class ApiRouter {
  private constructor(
    private readonly table: RouteTable<Routed>,
    private readonly options: { hostname: string; observe?: (sample: ApiRequestSample) => void },
  ) {}

  /** Imports every route file under `v1Dir` and routes each handler by its operation's method and path. */
  static async load(v1Dir: string, options: ApiRouter['options']): Promise<ApiRouter> {
    const started = performance.now();
    const handlers = await importRouteHandlers(v1Dir);
    const router = new ApiRouter(apiTableOf(handlers), options);
    logger.info('API router ready', { handlers: handlers.length, ms: Math.round(performance.now() - started) });
    return router;
  }

  /**
   * Serves `req` if it is an API request, else answers false for Next to serve. A non-canonical /v1 path (a
   * trailing slash, an empty or dot segment) is Next's too: it redirects it to the canonical one, as before.
   */
  serve(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const url = req.url ?? '';
    if (!url.startsWith('/v1/')) return false;
    const query = url.indexOf('?');
    const pathname = query < 0 ? url : url.slice(0, query);
    if (!isCanonical(pathname)) return false;
    this.dispatch(req, res, pathname).catch((error: unknown) => {
      logger.error('the API router failed', { error, method: req.method, url });
      if (res.headersSent) return void res.destroy();
      const internal = new ApiError('INTERNAL_ERROR');
      res.writeHead(internal.status, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(JSON.stringify(internal.toBody()));
    });
    return true;
  }

  private async dispatch(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<void> {
    const started = performance.now();
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      req.resume();
      res.writeHead(204, { allow: OPTIONS_ALLOW });
      return void res.end();
    }
    // HEAD runs the GET handler and drops the body, as Next does.
    const match = matchApiPath(this.table, method === 'HEAD' ? 'GET' : method, pathname);
    // A web Request refuses TRACE, TRACK and CONNECT: they are answered 405 (or 404) as any other unrouted method.
    const request = this.webRequest(req, res, FORBIDDEN_IN_FETCH.has(method) ? 'GET' : method);
    let operation = 'unmatched';
    if (match.kind === 'found') {
      operation = match.handler.operationId;
      const { handler } = match.handler;
      const routeContext = { params: Promise.resolve(match.params) };
      // A route() handler's answer is written as it is; MCP's handler (documented()) makes a Response.
      if (handler.answer) await writeAnswer(req, res, await handler.answer(request, routeContext));
      else await writeResponse(req, res, await handler(request, routeContext));
    } else if (match.kind === 'method-not-allowed') {
      await writeResponse(req, res, methodNotAllowed(request, match.allow, method));
    } else await writeResponse(req, res, noSuchEndpoint(request));
    // A body left unread (refused before reading: 401, 413 by Content-Length…) is drained, as Node does for Next,
    // so the connection serves the client's next request instead of being reset.
    if (!req.complete) req.removeAllListeners('data').resume();
    this.options.observe?.({ operation, method, status: res.statusCode, seconds: (performance.now() - started) / 1e3 });
  }

  /** The request as the handlers take it, with the TCP peer in PEER_ADDRESS_HEADER and aborted if the client leaves. */
  private webRequest(req: http.IncomingMessage, res: http.ServerResponse, method: string): Request {
    const headers: [string, string][] = [];
    const raw = req.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = raw[i] ?? '';
      if (name.toLowerCase() !== PEER_ADDRESS_HEADER) headers.push([name, raw[i + 1] ?? '']);
    }
    if (req.socket.remoteAddress) headers.push([PEER_ADDRESS_HEADER, req.socket.remoteAddress]);
    const hasBody = method !== 'GET' && method !== 'HEAD';
    // A GET has no body to read: ending the request stream now, while a long poll parks, spares the wake-up the
    // work (5,000 answers at once: ~40 ms) of draining it after the response is written.
    if (!hasBody) req.resume();
    const init = {
      method,
      headers,
      // The pipeline reads it with its own size limit.
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit;
    let request: RoutedRequest;
    try {
      request = new RoutedRequest(`http://${req.headers.host ?? this.options.hostname}${req.url}`, init);
    } catch {
      request = new RoutedRequest(`http://${this.options.hostname}${req.url}`, init); // a Host no URL can hold
    }
    res.once('close', () => {
      if (!res.writableFinished) request.clientLeft();
    });
    return request;
  }
}

/**
 * A Request whose `signal` is made when first read, aborted once the client has left. Most requests never read it
 * (the pipeline does on an error, a long poll and MCP while they wait), and on Node 20 an AbortSignal passed to
 * `new Request` costs ~7 µs, a sixth of the router's own work on a request.
 */
class RoutedRequest extends Request {
  #left: AbortController | undefined;
  #gone = false;

  clientLeft(): void {
    this.#gone = true;
    this.#left?.abort();
  }

  static {
    Object.defineProperty(RoutedRequest.prototype, 'signal', {
      get(this: RoutedRequest) {
        if (!this.#left) {
          this.#left = new AbortController();
          if (this.#gone) this.#left.abort();
        }
        return this.#left.signal;
      },
    });
  }
}

const NON_CANONICAL = /\/\/|\/\.\.?(?:\/|$)|\/$/;
const isCanonical = (pathname: string) => !NON_CANONICAL.test(pathname);

/** Writes a route() handler's answer: whole, or deferred (a long poll: the first byte now, the rest when it comes). */
async function writeAnswer(req: http.IncomingMessage, res: http.ServerResponse, answer: Answer): Promise<void> {
  const { later } = answer;
  // A long poll's answer is `no-transform`, which the middleware leaves alone: not hooking it spares each parked
  // waiter the middleware's closures. Nor is it needed for a client that accepts no encoding: all the middleware
  // would do is add `Vary: Accept-Encoding` to a compressible (JSON) answer, done here for a fraction of the cost.
  if (!later) {
    if (req.headers['accept-encoding'] !== undefined) compress(req, res, noop);
    else if (answer.headers['content-type']?.startsWith('application/json')) res.setHeader('vary', 'Accept-Encoding');
  }
  for (const name in answer.headers) res.setHeader(name, answer.headers[name] as string);
  // Headers first, body after, as Next writes a Response: the middleware decides before it knows the body's size,
  // so it compresses small answers too for a client that accepts gzip, exactly as Next did.
  res.writeHead(answer.status);
  if (req.method === 'HEAD') {
    await later; // a HEAD long poll waits as its GET would
    return void res.end();
  }
  if (!later) return void res.end(answer.body);
  // No web-stream reads on the wake-up of thousands of waiters: one write with the end of the response.
  res.write(LEADING_WHITESPACE);
  res.end(await later);
}

/** Writes a Response (MCP's, a 404 or 405): whole, or streamed when it is an event stream. */
async function writeResponse(req: http.IncomingMessage, res: http.ServerResponse, response: Response): Promise<void> {
  compress(req, res, noop);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  res.writeHead(response.status);
  if (req.method === 'HEAD' || !response.body) {
    await response.body?.cancel();
    return void res.end();
  }
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    return pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), res);
  }
  res.end(new Uint8Array(await response.arrayBuffer()));
}
