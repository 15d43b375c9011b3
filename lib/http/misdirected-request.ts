import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAcceptedHost } from '@/lib/config/allowed-hosts';
import { ApiError } from '@/lib/errors/api-error';

// server.ts answers only for the site's own hosts (lib/config/allowed-hosts.ts). Nothing we serve should depend on
// a Host the client chose: a request naming another one (DNS rebinding, a Host forged to reach what the server
// builds from it) is refused before anything runs, with 421 Misdirected Request in the error envelope.

/** Answers 421 and returns true when `req` names a host outside `accepted`; else false, having done nothing. */
export function refuseMisdirected(req: IncomingMessage, res: ServerResponse, accepted: Set<string>): boolean {
  const { host } = req.headers;
  if (isAcceptedHost(host, accepted)) return false;
  const error = new ApiError('MISDIRECTED_REQUEST', { details: { host: host?.slice(0, 255) ?? null } });
  // A client that reached the wrong server over this connection should not reuse it for the next request.
  res.writeHead(error.status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end(JSON.stringify(error.toBody()));
  return true;
}
