import { createHash, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { ApiError } from '@/lib/errors/api-error';
import { logger } from '@/lib/logger';
import { metricsRegistry } from './registry';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Answers with every metric in the Prometheus text format (500 if the registry cannot render them). */
export async function serveMetrics(res: ServerResponse): Promise<void> {
  const registry = metricsRegistry();
  try {
    const body = await registry.metrics();
    res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
    res.end(body);
  } catch (error) {
    logger.error('metrics could not be rendered', { error });
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('metrics could not be rendered\n');
  }
}

const isMetricsPath = (url = '') => url === '/metrics' || url.startsWith('/metrics?');

/**
 * `/metrics` on the main port, only when METRICS_TOKEN is set (`token`): answers it (true) with the metrics for
 * `Authorization: Bearer <token>` and 401 otherwise. Returns false, having answered nothing, for any other path or
 * when no token is configured: the request is the caller's to serve.
 */
export function metricsOnMainPort(req: IncomingMessage, res: ServerResponse, token: string | undefined): boolean {
  if (!token || !isMetricsPath(req.url)) return false;
  if (!bearerMatches(req.headers.authorization, token)) {
    const error = new ApiError('UNAUTHORIZED', {
      hint: 'Send `Authorization: Bearer <METRICS_TOKEN>` (the token this server was started with).',
    });
    res.writeHead(error.status, { 'content-type': JSON_TYPE, 'www-authenticate': 'Bearer' });
    res.end(JSON.stringify(error.toBody()));
    return true;
  }
  void serveMetrics(res);
  return true;
}

/** Compares digests, so the time taken tells nothing of the token (not even its length). */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * The metrics on a port of their own (METRICS_PORT), without authentication: keep it off the public network.
 * `GET /metrics` answers the metrics; anything else 404. It listens on the loopback unless told another address
 * (METRICS_HOST), so an unauthenticated port is never exposed by default.
 */
export function startMetricsServer({ port, hostname = '127.0.0.1' }: { port: number; hostname?: string }): http.Server {
  const server = http.createServer((req, res) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && isMetricsPath(req.url)) return void serveMetrics(res);
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found: the metrics are at GET /metrics\n');
  });
  server.listen(port, hostname);
  return server;
}
