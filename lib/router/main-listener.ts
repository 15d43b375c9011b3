import type http from 'node:http';
import { isOversizedServerAction, OVERSIZED_SERVER_ACTION } from '@/lib/api/server-action-limit';
import { PEER_ADDRESS_HEADER } from '@/lib/config/client-address';
import { ApiError } from '@/lib/errors/api-error';
import { frameHeadersFor } from '@/lib/http/frame-headers';
import { refuseMisdirected } from '@/lib/http/misdirected-request';
import { metricsOnMainPort } from '@/lib/metrics/metrics-endpoint';
import type { ApiRouter } from './api-router';
import { serveServerCard } from './server-card';

export type MainListenerOptions = {
  api: ApiRouter;
  /** Next's request handler: everything the API router does not serve. */
  next: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  /** The Host values the site answers for (acceptedHosts of SITE_URL and ALLOWED_HOSTS). */
  hosts: Set<string>;
  metricsToken?: string;
};

/**
 * What server.ts does with each request, in order: the frame headers; /metrics for its token (a scraper names the
 * instance by its address, so before the Host check); 421 for a Host that is not the site's; 413 for an oversized
 * server action; the MCP Server Card; the API router; else Next, with the TCP peer in PEER_ADDRESS_HEADER.
 */
export function mainListener({ api, next, hosts, metricsToken }: MainListenerOptions): http.RequestListener {
  return (req, res) => {
    // Next adds them too (next.config.ts) on what it serves; the router's answers get them only here. Next keeps
    // these over a route's own, so /uploads/ gets its sandboxing CSP here already.
    const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
    for (const [name, value] of Object.entries(frameHeadersFor(pathname))) res.setHeader(name, value);
    if (metricsOnMainPort(req, res, metricsToken) || refuseMisdirected(req, res, hosts)) return;
    if (isOversizedServerAction(req.headers)) {
      const error = new ApiError('PAYLOAD_TOO_LARGE', OVERSIZED_SERVER_ACTION);
      // No `Connection: close`: closing while the client is still sending its megabytes resets the connection, and
      // the client sees EPIPE instead of this answer. Node drains the unread body (within requestTimeout) instead.
      res.writeHead(error.status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(error.toBody()));
      return void req.resume();
    }
    if (serveServerCard(req, res) || api.serve(req, res)) return;
    delete req.headers[PEER_ADDRESS_HEADER];
    if (req.socket.remoteAddress) req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress;
    next(req, res);
  };
}
