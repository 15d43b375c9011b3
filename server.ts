// `npm start`: the production server. Next.js serves every request through its own handler, except the message
// thread's hot paths, `GET /v1/tasks/{id}/messages/await` and `POST /v1/tasks/{id}/messages`: they go straight to
// the SAME route handlers (the same pipeline: auth, rate limit, validation, idempotency, usage log) without Next's
// per-request machinery, which holds ~60 KB for as long as a request is open (5,000 parked waiters: ~300 MB), adds
// ~200 µs to each answer when they all wake together, and costs a posted message more CPU than the post itself.
// See docs/performance.md "Message threads". `next dev` has no such path: it serves them through Next.
import http from 'node:http';
import { Readable } from 'node:stream';
import next from 'next';
import { isTrustedPeer, PEER_ADDRESS_HEADER, trustPeerHeader } from '@/lib/config/client-address';
import { GET as awaitMessages } from './app/v1/tasks/[id]/messages/await/route';
import { POST as postMessage } from './app/v1/tasks/[id]/messages/route';
import { deferredBody, LEADING_WHITESPACE } from './lib/api/respond';
import type { RouteHandler } from './lib/api/route';
import { isOversizedServerAction, OVERSIZED_SERVER_ACTION } from './lib/api/server-action-limit';
import { env } from './lib/env';
import { ApiError } from './lib/errors/api-error';
import { limitConnectionsPerAddress } from './lib/http/connection-limit';
import { FRAME_HEADERS } from './lib/http/frame-headers';
import { SERVER_TIMEOUTS } from './lib/http/server-timeouts';
import { logger } from './lib/logger';

/** method -> the path of a task-thread route it serves directly (the task id captured) -> its handler */
const DIRECT: Record<string, [RegExp, RouteHandler][]> = {
  GET: [[/^\/v1\/tasks\/([^/?#]+)\/messages\/await(?:\?|$)/, awaitMessages]],
  POST: [[/^\/v1\/tasks\/([^/?#]+)\/messages(?:\?|$)/, postMessage]],
};

// The client address is the TCP peer (DESIGN §4 "Client address"): this server writes it into PEER_ADDRESS_HEADER
// of every request, its own paths and Next's alike, after dropping any copy the client sent; the pipeline reads that
// header only in a process that said so here.
trustPeerHeader();

const { port, hostname } = listenAddress(process.argv.slice(2));
const app = next({ dev: false, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

const server = http.createServer(SERVER_TIMEOUTS, (req, res) => {
  // Next adds them too (next.config.ts) on what it serves; the direct routes get them only here.
  for (const [name, value] of Object.entries(FRAME_HEADERS)) res.setHeader(name, value);
  if (isOversizedServerAction(req.headers)) {
    const error = new ApiError('PAYLOAD_TOO_LARGE', OVERSIZED_SERVER_ACTION);
    res.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
    return void res.end(JSON.stringify(error.toBody()));
  }
  const direct = directRoute(req.method, req.url);
  if (!direct) {
    delete req.headers[PEER_ADDRESS_HEADER];
    if (req.socket.remoteAddress) req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress;
    return void handle(req, res);
  }
  serveDirect(req, res, ...direct).catch((error: unknown) => {
    logger.error('direct route failed', { error, method: req.method, url: req.url });
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
    res.end();
  });
});
// Read after app.prepare(): Next settles NODE_ENV there, and the parsed environment is cached.
const { MAX_CONNECTIONS_PER_IP, TRUSTED_PROXIES } = env();
limitConnectionsPerAddress(server, {
  maxPerAddress: MAX_CONNECTIONS_PER_IP,
  exempt: (address) => isTrustedPeer(address, TRUSTED_PROXIES),
});
server.listen(port, hostname, () => logger.info(`ready on http://${hostname}:${port}`));
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });

function directRoute(method = '', url = ''): [RouteHandler, string] | undefined {
  for (const [pattern, handler] of DIRECT[method] ?? []) {
    const id = pattern.exec(url)?.[1];
    if (!id) continue;
    try {
      return [handler, decodeURIComponent(id)];
    } catch {
      return undefined; // a malformed escape: Next answers it
    }
  }
  return undefined;
}

/** Hands the request to the route handler as a web Request and writes its Response back as it comes. */
async function serveDirect(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  handler: RouteHandler,
  id: string,
): Promise<void> {
  const left = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) left.abort();
  });
  const headers: [string, string][] = [];
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] ?? '';
    if (name.toLowerCase() !== PEER_ADDRESS_HEADER) headers.push([name, raw[i + 1] ?? '']);
  }
  if (req.socket.remoteAddress) headers.push([PEER_ADDRESS_HEADER, req.socket.remoteAddress]);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  // A GET has no body to read: ending the request stream now, while the long poll parks, spares the wake-up
  // the work (5,000 answers at once: ~40 ms) of draining it after the response is written.
  if (!hasBody) req.resume();
  const request = new Request(`http://${req.headers.host ?? hostname}${req.url}`, {
    method: req.method,
    headers,
    signal: left.signal,
    // The pipeline reads it with its own size limit.
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
  const response = await handler(request, { params: Promise.resolve({ id }) });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  const later = deferredBody(response);
  if (!later) return void res.end(new Uint8Array(await response.arrayBuffer()));
  // A waiting answer: the status line, headers and first byte leave now; the rest, when the wait ends, in one
  // write with the end of the response (no web-stream reads on the wake-up of thousands of waiters).
  res.write(LEADING_WHITESPACE);
  res.end(await later);
}

/** `-p/--port` and `-H/--hostname` as `next start` takes them, else PORT / HOSTNAME, else 3000 on all addresses. */
function listenAddress(args: string[]): { port: number; hostname: string } {
  const option = (short: string, long: string) => {
    const index = args.findIndex((arg) => arg === short || arg === long);
    return index >= 0 ? args[index + 1] : undefined;
  };
  return {
    port: Number(option('-p', '--port') ?? process.env.PORT ?? 3000),
    hostname: option('-H', '--hostname') ?? process.env.HOSTNAME ?? '0.0.0.0',
  };
}
