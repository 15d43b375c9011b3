import { randomFillSync } from 'node:crypto';
import { clientOfChain, forwardedEntries, PEER_ADDRESS_HEADER, peerHeaderTrusted } from '@/lib/config/client-address';
import { env } from '../env';

export type RequestContext = {
  requestId: string;
  ip: string;
  method: string;
  pathname: string;
  startedAt: number;
};

const INBOUND_REQUEST_ID = /^[A-Za-z0-9_.:-]{8,128}$/;

export function createRequestContext(request: Request): RequestContext {
  const inbound = request.headers.get('x-request-id');
  return {
    requestId: inbound && INBOUND_REQUEST_ID.test(inbound) ? inbound : `req_${requestIdBytes().toString('base64url')}`,
    ip: clientIp(request.headers),
    method: request.method,
    pathname: new URL(request.url).pathname,
    startedAt: performance.now(),
  };
}

// Request ids come from a pool of random bytes filled 512 ids at a time: one randomBytes() call per request cost
// ~4 µs, a twentieth of an API-key read through the router (docs/performance.md "The API router").
const ID_BYTES = 12;
const idPool = Buffer.alloc(ID_BYTES * 512);
let idOffset = idPool.length;

function requestIdBytes(): Buffer {
  if (idOffset === idPool.length) {
    randomFillSync(idPool);
    idOffset = 0;
  }
  idOffset += ID_BYTES;
  return idPool.subarray(idOffset - ID_BYTES, idOffset);
}

/**
 * The client address (DESIGN §4 "Client address"): the TCP peer, which server.ts passes in PEER_ADDRESS_HEADER,
 * and X-Forwarded-For only through the proxies of TRUSTED_PROXIES, walked from the right. On Vercel the platform's
 * own `x-vercel-forwarded-for` (the peer it saw, last). Without server.ts (`next dev`, `next start`) the peer is
 * unknown and counts as `0.0.0.0`: one bucket for every client, unless TRUSTED_PROXIES lists 0.0.0.0.
 */
export function clientIp(headers: Headers): string {
  const { TRUSTED_PROXIES, VERCEL } = env();
  if (VERCEL) return clientOfChain(forwardedEntries(headers.get('x-vercel-forwarded-for')), TRUSTED_PROXIES);
  const peer = (peerHeaderTrusted() && headers.get(PEER_ADDRESS_HEADER)) || '0.0.0.0';
  return clientOfChain([...forwardedEntries(headers.get('x-forwarded-for')), peer], TRUSTED_PROXIES);
}

/**
 * Writes into the headers of a request made in this process (MCP's calls into the API) what `clientIp` reads, so
 * that it reads `ip`: the address this process resolved for the caller, never one the caller put in a header. Any
 * address header already there is dropped first. With `0.0.0.0` (the peer is unknown) none is written.
 */
export function setClientAddress(headers: Headers, ip: string): void {
  for (const name of ['x-forwarded-for', 'x-vercel-forwarded-for', PEER_ADDRESS_HEADER]) headers.delete(name);
  if (ip === '0.0.0.0') return;
  if (env().VERCEL) return void headers.set('x-vercel-forwarded-for', ip);
  // Where server.ts wrote the peer header, `[ip, ip]` reads as `ip` whatever TRUSTED_PROXIES says. Where it did not,
  // the peer is `0.0.0.0`, and `ip` came from X-Forwarded-For through a trusted 0.0.0.0: `[ip, 0.0.0.0]` again.
  headers.set(PEER_ADDRESS_HEADER, ip);
  headers.set('x-forwarded-for', ip);
}
